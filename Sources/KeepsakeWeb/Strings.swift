import KeepsakeStore
import KeepsakeSupport

/// The UI text of the web app in English and Korean. Every key has both (the compiler checks),
/// and messages with numbers or names are functions. Errors that come from the store and the view
/// models are English sentences and are shown as they are.
struct Strings: Sendable {
    /// The language of the text.
    let language: Language

    init(_ language: Language) {
        self.language = language
    }

    /// The text of `key`.
    subscript(_ key: Key) -> String {
        language == .korean ? key.korean : key.english
    }

    func pick(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    // MARK: - Messages with values

    func photoNumber(_ number: Int) -> String { pick("Photo \(number)", "사진 \(number)") }
    /// How the store keeps photos, from its encoding policy.
    func photoStorage(_ policy: ImageEncodingPolicy) -> String {
        let metadata = policy.keepMetadata || policy.format == .original
            ? pick("metadata kept", "메타데이터 유지") : pick("metadata such as GPS removed", "GPS 등 메타데이터 제거")
        let stored = switch policy.format {
        case .losslessJPEG(let quality):
            pick("JPEG photos as the camera wrote them (not re-encoded, turned upright without loss, colour profile kept); other formats as JPEG quality \(quality)",
                 "JPEG 사진은 카메라가 저장한 그대로(재압축 없음, 무손실 회전, 색 프로필 유지), 다른 형식은 JPEG 품질 \(quality)")
        case .jpeg(let quality): pick("re-encoded as JPEG quality \(quality)", "JPEG 품질 \(quality)로 재압축")
        case .png: pick("re-encoded as PNG", "PNG로 재압축")
        case .original: pick("the uploaded files, untouched", "올린 파일 그대로")
        }
        return stored + "; " + metadata
    }
    func photosToPickAgain(_ count: Int) -> String {
        pick(count == 1 ? "1 photo you picked was not saved: pick it again." : "\(count) photos you picked were not saved: pick them again.",
             "선택한 사진 \(count)장이 저장되지 않았습니다. 다시 선택해 주세요.")
    }
    func tooManyPhotos(_ limit: Int) -> String {
        pick("You can attach at most \(limit) photos; remove one before adding another.",
             "사진은 최대 \(limit)장까지 첨부할 수 있습니다. 다른 사진을 추가하려면 먼저 하나를 삭제하세요.")
    }
    func fileTooLarge(name: String, size: String, limit: String) -> String {
        pick("“\(name)” is \(size); a file can be at most \(limit).", "“\(name)” 파일은 \(size)입니다. 파일 하나는 최대 \(limit)까지 올릴 수 있습니다.")
    }
    func requestTooLarge(size: String, limit: String) -> String {
        pick("These files add up to \(size); at most \(limit) can be sent at once. Send fewer photos, then add the rest.",
             "파일 크기의 합이 \(size)입니다. 한 번에 최대 \(limit)까지 보낼 수 있습니다. 사진을 나누어 추가하세요.")
    }
    func signedInAs(_ name: String) -> String { pick("Logged in as \(name)", "\(name) 님으로 로그인됨") }
    /// A member's role in a book, in words.
    func role(_ role: BookRole) -> String {
        switch role {
        case .owner: pick("owner", "소유자")
        case .editor: pick("editor", "편집자")
        case .viewer: pick("viewer", "보기")
        }
    }
    /// What a role may do, for the role pickers.
    func roleExplanation(_ role: BookRole) -> String {
        switch role {
        case .owner: pick("owner: reads, writes, shares, renames and deletes", "소유자: 읽기, 쓰기, 공유, 이름 바꾸기, 삭제")
        case .editor: pick("editor: reads and writes records", "편집자: 기록 읽기와 쓰기")
        case .viewer: pick("viewer: reads records", "보기: 기록 읽기만")
        }
    }
    /// The warning on the page that confirms a book's deletion.
    func deleteBookWarning(_ name: String, records: Int) -> String {
        pick("“\(name)” will be deleted for good with its \(records == 1 ? "record" : "records") (\(records), the trashed ones too) and their photos, for every member. This cannot be undone.",
             "“\(name)” 책을 기록 \(records)개(휴지통에 있는 것 포함)와 사진과 함께 모든 구성원에게서 완전히 삭제합니다. 되돌릴 수 없습니다.")
    }
    /// After a book was shared.
    func shared(_ book: String, with person: String, as role: BookRole) -> String {
        pick("“\(book)” is shared with \(person) as \(self.role(role)).", "“\(book)” 책을 \(person) 님과 \(self.role(role)) 권한으로 공유했습니다.")
    }
    /// A password the policy refuses, in the page's words.
    func passwordRefused(_ error: PasswordError, policy: PasswordPolicy) -> String {
        switch error.kind {
        case .tooShort: pick("A password needs at least \(policy.minimumCharacters) characters. Nothing was changed.",
                             "비밀번호는 \(policy.minimumCharacters)자 이상이어야 합니다. 아무것도 바꾸지 않았습니다.")
        case .tooLong: pick("A password may be at most \(policy.maximumBytes) bytes. Nothing was changed.",
                            "비밀번호는 최대 \(policy.maximumBytes)바이트까지 쓸 수 있습니다. 아무것도 바꾸지 않았습니다.")
        case .malformedHash, .hashingFailed: self[.somethingWentWrong]
        }
    }
    func entriesFeeling(_ emotion: String) -> String { pick("Entries: \(emotion)", "감정: \(emotion)") }
    func searchResults(_ count: Int, query: String) -> String {
        pick(count == 1 ? "1 entry found for “\(query)”." : "\(count) entries found for “\(query)”.", "“\(query)” 검색 결과 \(count)개")
    }
    func entryCount(_ count: Int) -> String { pick(count == 1 ? "1 entry" : "\(count) entries", "일기 \(count)개") }
    func emotionsIn(_ year: String) -> String { pick("Emotions in \(year), month by month", "\(year)년 월별 감정") }
    func unknownTimeZone(_ zone: String) -> String {
        pick("“\(zone)” is not a time zone Keepsake knows; use a name such as Asia/Seoul or UTC.",
             "“\(zone)”은(는) 알 수 없는 시간대입니다. Asia/Seoul 이나 UTC 같은 이름을 입력하세요.")
    }
    func unreadableDate(_ text: String) -> String {
        pick("“\(text)” is not a date Keepsake can read; pick one with the date field.", "“\(text)”은(는) 읽을 수 없는 날짜입니다. 날짜 입력란에서 선택하세요.")
    }
    func expensesIn(_ currency: String) -> String { pick("Expenses by category (\(currency))", "카테고리별 지출 (\(currency))") }
    func line(_ number: Int) -> String { pick("line \(number)", "\(number)행") }
    func importSummary(imported: Int, duplicates: Int, invalid: Int) -> String {
        pick("Imported \(imported) transactions; \(duplicates) were already there; \(invalid) rows were skipped as invalid.",
             "거래 \(imported)건을 가져왔습니다. 이미 있던 거래 \(duplicates)건, 잘못된 행 \(invalid)개는 건너뛰었습니다.")
    }
    func problemsFound(_ count: Int) -> String {
        pick(count == 1 ? "1 problem found." : "\(count) problems found.", "문제 \(count)개를 발견했습니다.")
    }
    func checkedCounts(records: Int, images: Int, files: Int) -> String {
        pick("Checked \(records) records, \(images) images and \(files) files.", "기록 \(records)개, 사진 \(images)장, 파일 \(files)개를 검사했습니다.")
    }

    // MARK: - Fixed text

    /// A piece of fixed UI text.
    enum Key: Sendable, CaseIterable {
        case diary, ledger, feed, store, mainNavigation, logIn, logOut, loginTitle, loginExplanation, password, loginName, loginHint
        case wrongPassword, tooManyAttempts, forbiddenTitle, forbiddenMessage, notFoundTitle, notFoundMessage, backHome, somethingWentWrong
        case chartsUnavailable, sortableUnavailable
        case photos, photosHint, addPhotos, newPhoto, moveEarlier, moveLater, replace, remove, photoNoLongerThere
        case newEntry, editEntry, calendar, emotionChart, trash, diaryTrash, search, searchPlaceholder, filter, emotion
        case allEmotions, tag, tags, tagsPlaceholder, noEntriesYet, noEntriesHere, noEntriesThisMonth, noEntriesThisYear
        case newest, olderEntries, backToDiary, untitled, restore, delete, edit, undo, movedToTrash, inTrash
        case trashExplanation, trashEmpty, previousMonth, nextMonth, entries, title, howDidYouFeel, intensity, when
        case timeZone, text, done, cancel, chooseEmotion, chooseIntensity
        case newPost, editPost, feedTrash, backToFeed, noPostsYet, noPostsHere, olderPosts, contents, date
        case addTransaction, editTransaction, exportCSV, importCSV, noTransactionsThisMonth, currency, income, expense
        case splitParts, splitPartsPlaceholder, splitPartsHint
        case balance, count, transactions, kind, category, categoryPlaceholder, memo, amount, receipt, attachReceipt
        case replaceReceipt, removeReceipt, importExplanation, csvFile, skipInvalidRows, chooseCSVFile, csvNotUTF8
        case imageStorage, database, imaging, inFlight, collection, live, trashed, images, size, total
        case importFromOtherApps, photoStorageLabel
        case repairToo, checkStore, checkExplanation, checkResult, storeClean, danglingReferences, orphanFiles
        case hashMismatches, missingThumbnails, orphanThumbnails, unexpectedEntries, repairs, unrepairable
        case yourAccount, books, people, accountMenu, displayName, pageLanguage, saveProfile, profileSaved, changePassword, currentPassword, newPassword, repeatPassword, passwordRule, passwordChanged, passwordsDiffer, wrongCurrentPassword, booksExplanation, noBooks, yourRole, members, role, rename, bookName, shareBook, shareWithLogin, changeRole, removeMember, leaveBook, createBook, app, deleteBook, deleteBookTitle, deleteForGood, defaultBook, you, peopleExplanation, addAccount, isAdmin, initialPassword, accountState, enabled, disabledState, admin, disable, enable, accountAdded, lastOwner, lastAdmin, loginTaken, adminHeading, created
        case storageUsage, quota, noQuota, setQuota, quotaHint, quotaNotASize

        /// The English text.
        var english: String {
            switch self {
            case .diary: "Diary"
            case .ledger: "Ledger"
            case .feed: "Feed"
            case .store: "Store"
            case .mainNavigation: "Main"
            case .logIn: "Log in"
            case .logOut: "Log out"
            case .loginTitle: "Keepsake is locked"
            case .loginExplanation: "Log in with your login name and password."
            case .password: "Password"
            case .loginName: "Login name"
            case .loginHint: "Started with keepsake serve --password as before accounts? Then the login name is admin and the password is that one."
            case .wrongPassword: "That login name and password do not match. Try again."
            case .tooManyAttempts: "Too many wrong passwords from this address or for this name; wait a little (each wrong one doubles the wait), then try again."
            case .forbiddenTitle: "This form has expired"
            case .forbiddenMessage: "The form did not carry this browser’s security token (the server may have restarted, or the form came from another site). Nothing was changed: go back, reload the page and send it again."
            case .somethingWentWrong: "Something went wrong; the server's log says what."
            case .notFoundTitle: "Not found"
            case .notFoundMessage: "There is nothing at this address. It may have been deleted for good, or the link is wrong."
            case .backHome: "Back to Keepsake"
            case .chartsUnavailable: "Charts need Chart.js (the Debian package libjs-chart.js), which is not installed; the numbers are in the tables below."
            case .sortableUnavailable: "Dragging photos needs SortableJS (the Debian package libjs-sortable), which is not installed; use the ↑ and ↓ buttons to reorder them."
            case .photos: "Photos"
            case .photosHint: "Drag the photos (or use ↑ ↓) to change their order; the first one is the cover."
            case .addPhotos: "Add photos"
            case .newPhoto: "New photo"
            case .moveEarlier: "Move earlier"
            case .moveLater: "Move later"
            case .replace: "Replace"
            case .remove: "Remove"
            case .photoNoLongerThere: "A photo on this form is no longer part of the record (it was changed elsewhere). Reload the page and make your changes again."
            case .newEntry: "New entry"
            case .editEntry: "Edit entry"
            case .calendar: "Calendar"
            case .emotionChart: "Emotion chart"
            case .trash: "Trash"
            case .diaryTrash: "Diary trash"
            case .search: "Search"
            case .searchPlaceholder: "Words in titles, texts and tags"
            case .filter: "Filter"
            case .emotion: "Emotion"
            case .allEmotions: "All"
            case .tag: "Tag"
            case .tags: "Tags"
            case .tagsPlaceholder: "picnic, friends"
            case .noEntriesYet: "No entries yet. Write the first one!"
            case .noEntriesHere: "No entries here."
            case .noEntriesThisMonth: "No entries this month."
            case .noEntriesThisYear: "No entries this year."
            case .newest: "Newest"
            case .olderEntries: "Older entries"
            case .backToDiary: "Back to the diary"
            case .untitled: "Untitled"
            case .restore: "Restore"
            case .delete: "Delete"
            case .edit: "Edit"
            case .undo: "Undo"
            case .movedToTrash: "Moved to the trash."
            case .inTrash: "This is in the trash."
            case .trashExplanation: "Deleted records stay here with their photos until the trash is purged (keepsake trash purge)."
            case .trashEmpty: "The trash is empty."
            case .previousMonth: "Previous"
            case .nextMonth: "Next"
            case .entries: "Entries"
            case .title: "Title"
            case .howDidYouFeel: "How did you feel?"
            case .intensity: "How strongly (1–5)"
            case .when: "When"
            case .timeZone: "Time zone"
            case .text: "Text"
            case .done: "Done"
            case .cancel: "Cancel"
            case .chooseEmotion: "Choose how you felt."
            case .chooseIntensity: "Choose how strongly you felt it, from 1 to 5."
            case .newPost: "New post"
            case .editPost: "Edit post"
            case .feedTrash: "Feed trash"
            case .backToFeed: "Back to the feed"
            case .noPostsYet: "No posts yet. Share the first one!"
            case .noPostsHere: "No more posts."
            case .olderPosts: "Older posts"
            case .contents: "Contents"
            case .date: "Date"
            case .addTransaction: "Add transaction"
            case .editTransaction: "Edit transaction"
            case .exportCSV: "Export CSV"
            case .importCSV: "Import CSV"
            case .noTransactionsThisMonth: "No transactions this month."
            case .currency: "Currency"
            case .income: "Income"
            case .expense: "Expense"
            case .balance: "Balance"
            case .count: "Count"
            case .transactions: "Transactions"
            case .kind: "Kind"
            case .category: "Category"
            case .categoryPlaceholder: "Food, Transport…"
            case .splitParts: "Split over categories (optional)"
            case .splitPartsPlaceholder: "Food 8000\nHousehold 4000"
            case .splitPartsHint: "One part per line: category and amount. The parts must add up to the amount exactly; leave empty for one category."
            case .memo: "Memo"
            case .amount: "Amount"
            case .receipt: "Receipt"
            case .attachReceipt: "Attach a receipt photo"
            case .replaceReceipt: "Replace the receipt"
            case .removeReceipt: "Remove the receipt"
            case .importExplanation: "A UTF-8 CSV file with this header (the layout of Export CSV). Every row is checked first; if a row is wrong nothing is imported, unless you choose to skip such rows. Rows already in the ledger are skipped."
            case .csvFile: "CSV file"
            case .skipInvalidRows: "Import the valid rows and skip the others"
            case .chooseCSVFile: "Choose a CSV file to import."
            case .csvNotUTF8: "This file is not UTF-8 text; save it as “CSV UTF-8” and try again."
            case .imageStorage: "Images"
            case .database: "Database"
            case .imaging: "Imaging"
            case .photoStorageLabel: "Photos stored as"
            case .inFlight: "Operations in flight"
            case .collection: "Collection"
            case .live: "Live"
            case .trashed: "In trash"
            case .images: "Images"
            case .size: "Size"
            case .total: "Total"
            case .repairToo: "Repair what can be repaired (orphans go to lost+found, nothing referenced is lost)"
            case .checkStore: "Check the store"
            case .importFromOtherApps: "Import from other apps (Day One, Daylio, Journey, bank statements)"
            case .checkExplanation: "Checks every reference, file, content hash and thumbnail (keepsake fsck)."
            case .checkResult: "Check result"
            case .storeClean: "The store is clean: every reference has its file, every file is referenced and every hash matches."
            case .danglingReferences: "References to missing files"
            case .orphanFiles: "Files nothing refers to"
            case .hashMismatches: "Files whose content changed"
            case .missingThumbnails: "Missing thumbnails"
            case .orphanThumbnails: "Thumbnails nothing refers to"
            case .unexpectedEntries: "Unexpected entries"
            case .repairs: "Repairs made"
            case .unrepairable: "Could not be repaired"
            case .yourAccount: "Your account"
            case .books: "Books"
            case .people: "People"
            case .accountMenu: "Account"
            case .displayName: "Display name"
            case .pageLanguage: "Language"
            case .saveProfile: "Save"
            case .profileSaved: "Your profile was saved."
            case .changePassword: "Change the password"
            case .currentPassword: "Current password"
            case .newPassword: "New password"
            case .repeatPassword: "The new password again"
            case .passwordRule: "At least 10 characters; a few unrelated words make a long password that is easy to remember. Your other browsers are logged out when it changes; this one stays logged in."
            case .passwordChanged: "Your password was changed; every other session of this account was logged out."
            case .passwordsDiffer: "The two new passwords differ; type the same one twice. Nothing was changed."
            case .wrongCurrentPassword: "The current password is not right; type the one you log in with. Nothing was changed."
            case .booksExplanation: "Every record belongs to one book of its app. The owners of a book may rename it, share it and delete it; editors write in it; viewers read it."
            case .noBooks: "No books yet: one is made when you first write a record, or make one below."
            case .yourRole: "Your role"
            case .members: "Members"
            case .role: "Role"
            case .rename: "Rename"
            case .bookName: "Name"
            case .shareBook: "Share"
            case .shareWithLogin: "Login name of the person"
            case .changeRole: "Change"
            case .removeMember: "Remove"
            case .leaveBook: "Leave this book"
            case .createBook: "Make a book"
            case .app: "App"
            case .deleteBook: "Delete the book…"
            case .deleteBookTitle: "Delete a book"
            case .deleteForGood: "Delete it for good"
            case .defaultBook: "default"
            case .you: "you"
            case .peopleExplanation: "Admins add accounts and disable them; being an admin opens nobody’s books."
            case .addAccount: "Add an account"
            case .isAdmin: "Admin (manages accounts)"
            case .initialPassword: "Initial password"
            case .accountState: "State"
            case .enabled: "enabled"
            case .disabledState: "disabled"
            case .admin: "admin"
            case .disable: "Disable"
            case .enable: "Enable"
            case .accountAdded: "The account was added; tell the person their login name and password."
            case .lastOwner: "A book always keeps one owner, so its last owner can neither leave nor be demoted: make another member an owner first. Nothing was changed."
            case .lastAdmin: "This is the last enabled admin, so it cannot be disabled: make another account an admin first. Nothing was changed."
            case .loginTaken: "That login name is taken; pick another one. Nothing was added."
            case .adminHeading: "Admin"
            case .created: "Created"
            case .storageUsage: "Storage"
            case .quota: "Quota"
            case .noQuota: "no quota"
            case .setQuota: "Set"
            case .quotaHint: "e.g. 2GB; empty: no quota"
            case .quotaNotASize: "That is not a size: write one such as 500MB or 2GB, or leave it empty for no quota. Nothing was changed."
            }
        }

        /// The Korean text.
        var korean: String {
            switch self {
            case .diary: "일기"
            case .ledger: "가계부"
            case .feed: "피드"
            case .store: "저장소"
            case .mainNavigation: "메뉴"
            case .logIn: "로그인"
            case .logOut: "로그아웃"
            case .loginTitle: "Keepsake가 잠겨 있습니다"
            case .loginExplanation: "로그인 이름과 비밀번호로 로그인하세요."
            case .loginName: "로그인 이름"
            case .loginHint: "계정이 생기기 전처럼 keepsake serve --password 로 시작했다면 로그인 이름은 admin, 비밀번호는 그때 정한 것입니다."
            case .password: "비밀번호"
            case .wrongPassword: "로그인 이름과 비밀번호가 맞지 않습니다. 다시 입력하세요."
            case .tooManyAttempts: "이 주소 또는 이 이름으로 비밀번호를 너무 여러 번 틀렸습니다. 잠시 뒤에 다시 시도하세요(틀릴 때마다 기다리는 시간이 두 배로 늘어납니다)."
            case .forbiddenTitle: "만료된 양식입니다"
            case .forbiddenMessage: "이 양식에 브라우저의 보안 토큰이 없습니다 (서버가 다시 시작되었거나 다른 사이트에서 보낸 양식입니다). 아무것도 바뀌지 않았습니다. 뒤로 가서 페이지를 새로 고친 뒤 다시 보내세요."
            case .somethingWentWrong: "문제가 생겼습니다. 서버 로그에 자세한 내용이 있습니다."
            case .notFoundTitle: "찾을 수 없음"
            case .notFoundMessage: "이 주소에는 아무것도 없습니다. 완전히 삭제되었거나 잘못된 링크입니다."
            case .backHome: "Keepsake로 돌아가기"
            case .chartsUnavailable: "차트를 그리려면 Chart.js (데비안 패키지 libjs-chart.js)가 필요한데 설치되어 있지 않습니다. 숫자는 아래 표에 있습니다."
            case .sortableUnavailable: "사진을 끌어서 옮기려면 SortableJS (데비안 패키지 libjs-sortable)가 필요한데 설치되어 있지 않습니다. ↑ ↓ 버튼으로 순서를 바꾸세요."
            case .photos: "사진"
            case .photosHint: "사진을 끌어서 (또는 ↑ ↓ 버튼으로) 순서를 바꾸세요. 첫 번째 사진이 대표 사진입니다."
            case .addPhotos: "사진 추가"
            case .newPhoto: "새 사진"
            case .moveEarlier: "앞으로"
            case .moveLater: "뒤로"
            case .replace: "바꾸기"
            case .remove: "삭제"
            case .photoNoLongerThere: "이 양식의 사진 중 하나가 이미 다른 곳에서 바뀌었습니다. 페이지를 새로 고친 뒤 다시 수정하세요."
            case .newEntry: "새 일기"
            case .editEntry: "일기 수정"
            case .calendar: "달력"
            case .emotionChart: "감정 차트"
            case .trash: "휴지통"
            case .diaryTrash: "일기 휴지통"
            case .search: "검색"
            case .searchPlaceholder: "제목, 내용, 태그의 단어"
            case .filter: "보기"
            case .emotion: "감정"
            case .allEmotions: "전체"
            case .tag: "태그"
            case .tags: "태그"
            case .tagsPlaceholder: "피크닉, 친구"
            case .noEntriesYet: "아직 일기가 없습니다. 첫 일기를 써 보세요!"
            case .noEntriesHere: "일기가 없습니다."
            case .noEntriesThisMonth: "이번 달에는 일기가 없습니다."
            case .noEntriesThisYear: "올해에는 일기가 없습니다."
            case .newest: "최신"
            case .olderEntries: "이전 일기"
            case .backToDiary: "일기로 돌아가기"
            case .untitled: "제목 없음"
            case .restore: "복원"
            case .delete: "삭제"
            case .edit: "수정"
            case .undo: "되돌리기"
            case .movedToTrash: "휴지통으로 옮겼습니다."
            case .inTrash: "휴지통에 있는 항목입니다."
            case .trashExplanation: "삭제한 기록은 휴지통을 비울 때까지 사진과 함께 여기에 남아 있습니다 (keepsake trash purge)."
            case .trashEmpty: "휴지통이 비어 있습니다."
            case .previousMonth: "이전 달"
            case .nextMonth: "다음 달"
            case .entries: "일기 수"
            case .title: "제목"
            case .howDidYouFeel: "오늘의 감정은?"
            case .intensity: "감정의 세기 (1–5)"
            case .when: "날짜와 시간"
            case .timeZone: "시간대"
            case .text: "내용"
            case .done: "완료"
            case .cancel: "취소"
            case .chooseEmotion: "감정을 선택하세요."
            case .chooseIntensity: "감정의 세기를 1부터 5 사이에서 선택하세요."
            case .newPost: "새 글"
            case .editPost: "글 수정"
            case .feedTrash: "피드 휴지통"
            case .backToFeed: "피드로 돌아가기"
            case .noPostsYet: "아직 글이 없습니다. 첫 글을 올려 보세요!"
            case .noPostsHere: "더 이상 글이 없습니다."
            case .olderPosts: "이전 글"
            case .contents: "내용"
            case .date: "날짜"
            case .addTransaction: "거래 추가"
            case .editTransaction: "거래 수정"
            case .exportCSV: "CSV 내보내기"
            case .importCSV: "CSV 가져오기"
            case .noTransactionsThisMonth: "이번 달에는 거래가 없습니다."
            case .currency: "통화"
            case .income: "수입"
            case .expense: "지출"
            case .balance: "잔액"
            case .count: "건수"
            case .transactions: "거래 내역"
            case .kind: "구분"
            case .category: "카테고리"
            case .categoryPlaceholder: "식비, 교통…"
            case .splitParts: "카테고리 나누기 (선택)"
            case .splitPartsPlaceholder: "식비 8000\n생활 4000"
            case .splitPartsHint: "한 줄에 하나씩 카테고리와 금액을 적습니다. 나눈 금액의 합은 전체 금액과 정확히 같아야 합니다. 한 카테고리면 비워 두세요."
            case .memo: "메모"
            case .amount: "금액"
            case .receipt: "영수증"
            case .attachReceipt: "영수증 사진 첨부"
            case .replaceReceipt: "영수증 바꾸기"
            case .removeReceipt: "영수증 삭제"
            case .importExplanation: "이 머리글이 있는 UTF-8 CSV 파일입니다 (CSV 내보내기와 같은 형식). 모든 행을 먼저 검사하며, 잘못된 행이 있으면 아무것도 가져오지 않습니다 (잘못된 행을 건너뛰도록 선택할 수 있습니다). 이미 있는 거래는 건너뜁니다."
            case .csvFile: "CSV 파일"
            case .skipInvalidRows: "올바른 행만 가져오고 나머지는 건너뛰기"
            case .chooseCSVFile: "가져올 CSV 파일을 선택하세요."
            case .csvNotUTF8: "이 파일은 UTF-8 텍스트가 아닙니다. “CSV UTF-8”로 저장한 뒤 다시 시도하세요."
            case .imageStorage: "이미지 저장소"
            case .database: "데이터베이스"
            case .imaging: "이미지 처리"
            case .photoStorageLabel: "사진 저장 방식"
            case .inFlight: "진행 중인 작업"
            case .collection: "모음"
            case .live: "보관 중"
            case .trashed: "휴지통"
            case .images: "사진"
            case .size: "크기"
            case .total: "합계"
            case .repairToo: "고칠 수 있는 문제는 고치기 (참조 없는 파일은 lost+found로 옮기며, 참조되는 것은 잃지 않습니다)"
            case .checkStore: "저장소 검사"
            case .importFromOtherApps: "다른 앱에서 가져오기 (Day One, Daylio, Journey, 은행 거래내역)"
            case .checkExplanation: "모든 참조, 파일, 내용 해시, 썸네일을 검사합니다 (keepsake fsck)."
            case .checkResult: "검사 결과"
            case .storeClean: "저장소에 문제가 없습니다. 모든 참조에 파일이 있고, 모든 파일이 참조되며, 모든 해시가 맞습니다."
            case .danglingReferences: "파일이 없는 참조"
            case .orphanFiles: "참조 없는 파일"
            case .hashMismatches: "내용이 바뀐 파일"
            case .missingThumbnails: "없는 썸네일"
            case .orphanThumbnails: "참조 없는 썸네일"
            case .unexpectedEntries: "예상하지 못한 항목"
            case .repairs: "고친 것"
            case .unrepairable: "고치지 못한 것"
            case .yourAccount: "내 계정"
            case .books: "책"
            case .people: "사용자"
            case .accountMenu: "계정"
            case .displayName: "표시 이름"
            case .pageLanguage: "언어"
            case .saveProfile: "저장"
            case .profileSaved: "프로필을 저장했습니다."
            case .changePassword: "비밀번호 바꾸기"
            case .currentPassword: "현재 비밀번호"
            case .newPassword: "새 비밀번호"
            case .repeatPassword: "새 비밀번호 확인"
            case .passwordRule: "10자 이상이어야 합니다. 서로 관계없는 단어 몇 개를 이으면 기억하기 쉬운 긴 비밀번호가 됩니다. 비밀번호를 바꾸면 다른 브라우저는 로그아웃되고 이 브라우저는 로그인된 채로 남습니다."
            case .passwordChanged: "비밀번호를 바꿨습니다. 이 계정의 다른 세션은 모두 로그아웃되었습니다."
            case .passwordsDiffer: "새 비밀번호 두 개가 서로 다릅니다. 같은 비밀번호를 두 번 입력하세요. 아무것도 바꾸지 않았습니다."
            case .wrongCurrentPassword: "현재 비밀번호가 맞지 않습니다. 로그인할 때 쓰는 비밀번호를 입력하세요. 아무것도 바꾸지 않았습니다."
            case .booksExplanation: "모든 기록은 그 앱의 책 하나에 들어 있습니다. 책의 소유자는 이름을 바꾸고, 공유하고, 삭제할 수 있습니다. 편집자는 기록을 쓰고, 보기 권한자는 읽기만 합니다."
            case .noBooks: "아직 책이 없습니다. 처음 기록을 쓰면 만들어지며, 아래에서 직접 만들 수도 있습니다."
            case .yourRole: "내 권한"
            case .members: "구성원"
            case .role: "권한"
            case .rename: "이름 바꾸기"
            case .bookName: "이름"
            case .shareBook: "공유"
            case .shareWithLogin: "상대의 로그인 이름"
            case .changeRole: "바꾸기"
            case .removeMember: "내보내기"
            case .leaveBook: "이 책에서 나가기"
            case .createBook: "책 만들기"
            case .app: "앱"
            case .deleteBook: "책 삭제…"
            case .deleteBookTitle: "책 삭제"
            case .deleteForGood: "완전히 삭제"
            case .defaultBook: "기본"
            case .you: "나"
            case .peopleExplanation: "관리자는 계정을 추가하고 사용을 중지할 수 있습니다. 관리자라도 다른 사람의 책은 볼 수 없습니다."
            case .addAccount: "계정 추가"
            case .isAdmin: "관리자 (계정 관리)"
            case .initialPassword: "처음 비밀번호"
            case .accountState: "상태"
            case .enabled: "사용 중"
            case .disabledState: "사용 중지됨"
            case .admin: "관리자"
            case .disable: "사용 중지"
            case .enable: "다시 사용"
            case .accountAdded: "계정을 추가했습니다. 그 사람에게 로그인 이름과 비밀번호를 알려 주세요."
            case .lastOwner: "책에는 늘 소유자가 한 명은 있어야 하므로 마지막 소유자는 나가거나 권한을 낮출 수 없습니다. 먼저 다른 구성원을 소유자로 만드세요. 아무것도 바꾸지 않았습니다."
            case .lastAdmin: "사용 중인 마지막 관리자이므로 사용을 중지할 수 없습니다. 먼저 다른 계정을 관리자로 만드세요. 아무것도 바꾸지 않았습니다."
            case .loginTaken: "이미 쓰이는 로그인 이름입니다. 다른 이름을 고르세요. 아무것도 추가하지 않았습니다."
            case .adminHeading: "관리자"
            case .created: "만든 날"
            case .storageUsage: "저장 용량"
            case .quota: "한도"
            case .noQuota: "한도 없음"
            case .setQuota: "설정"
            case .quotaHint: "예: 2GB, 비우면 한도 없음"
            case .quotaNotASize: "크기가 아닙니다. 500MB나 2GB처럼 쓰거나, 한도를 없애려면 비워 두세요. 아무것도 바꾸지 않았습니다."
            }
        }
    }
}
