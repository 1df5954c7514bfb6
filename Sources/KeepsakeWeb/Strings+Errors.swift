import KeepsakeStore

extension Strings {
    /// The heading of an error page for a failure of `code` (`nil`: not a store failure).
    func errorTitle(_ code: KeepsakeError.Code?) -> String {
        switch code {
        case .notFound: pick("Not found", "찾을 수 없음")
        case .invalidArgument, .unsafePath: pick("Not accepted", "받을 수 없는 값")
        case .corruptImage: pick("The image cannot be read", "이미지를 읽을 수 없음")
        case .unsupportedImage: pick("Unsupported image", "지원하지 않는 이미지")
        case .imageTooLarge, .limitExceeded: pick("Too large", "너무 큼")
        case .conflict: pick("Changed meanwhile", "그 사이에 바뀜")
        case .forbidden: pick("Not allowed", "허용되지 않음")
        case .busy: pick("The store is busy", "저장소가 사용 중")
        case .diskFull: pick("The disk is full", "디스크가 가득 참")
        case .quotaExceeded: pick("Storage quota reached", "저장 용량 한도 초과")
        case .readOnly: pick("The store is read-only", "저장소에 쓸 수 없음")
        case .symlinkRefused: pick("Refused for safety", "안전을 위해 거부함")
        case .incompatibleStore: pick("The store cannot be opened", "저장소를 열 수 없음")
        case .io, .database, .unexpected, nil: pick("Something went wrong", "문제가 생겼습니다")
        case .gone: pick("No longer valid", "더 이상 쓸 수 없음")
        }
    }

    /// A store failure for the page: the store's own sentence and its remedy on English pages; a
    /// Korean summary of its kind, the remedy in Korean and the store's sentence as the detail on
    /// Korean pages. No path of the server's disk is shown (``ServerPaths``).
    func describe(_ error: KeepsakeError) -> String {
        let remedy = error.remedy.map { " " + self.remedy($0) } ?? ""
        let message = ServerPaths.removed(from: error.message)
        guard language == .korean else { return message + remedy }
        return summary(error.code) + remedy + " (" + message + ")"
    }

    /// The remedy in the page's words.
    func remedy(_ remedy: KeepsakeError.Remedy) -> String {
        switch remedy {
        case .checkStore: pick("Check the store on the Store page to see what else is affected.", "저장소 페이지에서 점검을 실행해 다른 문제가 있는지 확인하세요.")
        case .repairStore: pick("Check the store on the Store page with “repair” ticked.", "저장소 페이지에서 “복구”를 선택하고 점검을 실행하세요.")
        case .retryLater: pick("Try again in a moment.", "잠시 후 다시 시도하세요.")
        case .reloadAndRetry: pick("Reload the page and make your change again.", "페이지를 새로 고친 뒤 다시 변경하세요.")
        case .freeSpace: pick("Free some disk space and try again.", "디스크 공간을 확보한 뒤 다시 시도하세요.")
        case .checkPermissions: pick("Check that the store folder is writable by the user running Keepsake.", "Keepsake를 실행하는 사용자가 저장소 폴더에 쓸 수 있는지 확인하세요.")
        case .upgradeKeepsake: pick("Upgrade Keepsake to open this store.", "이 저장소를 열려면 Keepsake를 업그레이드하세요.")
        case .restoreFromBackup: pick("Restore it from a backup.", "백업에서 복원하세요.")
        case .listRecords: pick("Go back to the list to pick a record that exists.", "목록으로 돌아가 있는 기록을 선택하세요.")
        case .useRealFolder: pick("Start Keepsake on the real folder, not a symbolic link.", "심볼릭 링크가 아닌 실제 폴더로 Keepsake를 시작하세요.")
        case .reopenStore: pick("Restart Keepsake to recreate it.", "Keepsake를 다시 시작하면 다시 만들어집니다.")
        }
    }

    /// One Korean sentence for each kind of failure.
    private func summary(_ code: KeepsakeError.Code) -> String {
        switch code {
        case .notFound: "찾는 기록이나 파일이 없습니다."
        case .invalidArgument: "입력한 값을 받을 수 없습니다."
        case .unsafePath: "저장소 밖을 가리키는 경로는 받을 수 없습니다."
        case .corruptImage: "이미지가 손상되었거나 이미지 파일이 아닙니다. 아무것도 저장하지 않았습니다."
        case .unsupportedImage: "지원하지 않는 종류의 이미지입니다. 아무것도 저장하지 않았습니다."
        case .imageTooLarge: "이미지가 허용된 크기보다 큽니다. 아무것도 저장하지 않았습니다."
        case .limitExceeded: "허용된 개수를 넘습니다. 아무것도 바꾸지 않았습니다."
        case .conflict: "그 사이에 다른 곳에서 바뀌어 변경하지 않았습니다."
        case .forbidden: "이 작업을 할 권한이 없습니다. 아무것도 바꾸지 않았습니다."
        case .busy: "다른 프로그램이 저장소를 오래 쓰고 있습니다."
        case .diskFull: "디스크가 가득 찼습니다. 아무것도 바꾸지 않았습니다."
        case .quotaExceeded: "이 업로드는 계정의 저장 용량 한도를 넘습니다. 아무것도 저장하지 않았습니다. 사진을 지우고 휴지통을 비우거나 관리자에게 한도를 늘려 달라고 하세요."
        case .readOnly: "저장소에 쓸 수 없습니다. 아무것도 바꾸지 않았습니다."
        case .io: "디스크를 읽거나 쓰지 못했습니다."
        case .database: "데이터베이스 오류가 났습니다."
        case .symlinkRefused: "저장소 안의 심볼릭 링크는 따라가지 않습니다."
        case .incompatibleStore: "이 저장소를 열 수 없습니다."
        case .unexpected: "예상하지 못한 문제가 생겼습니다."
        case .gone: "이미 사용했거나 기한이 지나 더 이상 쓸 수 없습니다. 아무것도 바꾸지 않았습니다."
        }
    }
}
