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
    }
}
