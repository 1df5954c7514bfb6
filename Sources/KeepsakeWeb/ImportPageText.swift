import KeepsakeForeignImport

/// The import page's text in English and Korean (the reports' reasons come from the importers and
/// are English sentences, as the store's errors are).
struct ImportPageText: Sendable {
    let language: Language

    private func pick(_ english: String, _ korean: String) -> String { language == .korean ? korean : english }

    var title: String { pick("Import from other apps", "다른 앱에서 가져오기") }
    var explanation: String {
        pick("Bring over a diary from Day One, Daylio or Journey with its photos, or a bank statement into the ledger. Importing the same file again adds nothing: what is already here is skipped. The report says what came over, what was skipped and what was refused, and why. Use a dry run to see it first.",
             "Day One, Daylio, Journey의 일기를 사진과 함께, 또는 은행 거래내역을 가계부로 가져옵니다. 같은 파일을 다시 가져와도 이미 있는 항목은 건너뛰므로 아무것도 늘지 않습니다. 결과에는 가져온 항목, 건너뛴 항목, 거부된 항목과 그 이유가 나옵니다. 먼저 시험 실행으로 확인해 보세요.")
    }
    var source: String { pick("From", "가져올 곳") }
    var dayOne: String { pick("Day One (export zip or JSON)", "Day One (내보내기 zip 또는 JSON)") }
    var daylio: String { pick("Daylio (CSV or .daylio backup)", "Daylio (CSV 또는 .daylio 백업)") }
    var journey: String { pick("Journey (export zip)", "Journey (내보내기 zip)") }
    var statement: String { pick("Bank statement into the ledger (OFX/QFX, QIF, Firefly III CSV, camt.053, bank CSV)", "가계부로 은행 거래내역 (OFX/QFX, QIF, Firefly III CSV, camt.053, 은행 CSV)") }
    var file: String { pick("File", "파일") }
    func sizeLimit(_ size: String) -> String {
        pick("Files of up to \(size) can be uploaded here; for a larger export use keepsake import on the command line.",
             "여기서는 \(size)까지 올릴 수 있습니다. 더 큰 내보내기 파일은 명령줄의 keepsake import를 사용하세요.")
    }
    var diaryOptions: String { pick("Diary", "일기") }
    var emotion: String { pick("Emotion for entries without a mood", "기분이 없는 일기의 감정") }
    var timeZone: String { pick("Time zone for entries without one", "시간대가 없는 일기의 시간대") }
    var keepLocation: String { pick("Keep place and weather", "장소와 날씨 보관") }
    var ledgerOptions: String { pick("Ledger", "가계부") }
    var rules: String { pick("Rules file (for a bank CSV)", "규칙 파일 (은행 CSV용)") }
    var currency: String { pick("Currency (if the file does not say)", "통화 (파일에 없을 때)") }
    var round: String { pick("Amounts with too many decimals", "소수 자릿수가 너무 많은 금액") }
    /// The label of the money account field (over the one the file names).
    var account: String { pick("Money account (default: the one the file names)", "계좌 (기본: 파일에 적힌 계좌)") }
    /// The label of the field naming the other side of unnamed transfers.
    var transferAccount: String { pick("Other side of transfers the file does not name (default: Cash)", "파일에 상대 계좌가 없는 이체의 상대 계좌 (기본: 현금)") }
    var refuseRounding: String { pick("refuse them", "거부") }
    var dryRun: String { pick("Dry run: show what would come over, write nothing", "시험 실행: 가져올 내용만 보여 주고 저장하지 않음") }
    var run: String { pick("Import", "가져오기") }
    var reportTitle: String { pick("Import report", "가져오기 결과") }
    var imported: String { pick("Imported", "가져옴") }
    var wouldImport: String { pick("Would import", "가져올 항목") }
    var skipped: String { pick("Skipped", "건너뜀") }
    var refused: String { pick("Refused", "거부됨") }
    var notes: String { pick("Notes", "참고") }
    var openDiary: String { pick("Open the diary", "일기 열기") }
    var openLedger: String { pick("Open the ledger", "가계부 열기") }
    var chooseFile: String { pick("Choose the export file to import.", "가져올 파일을 선택하세요.") }
    var chooseSource: String { pick("Choose where the file comes from.", "파일을 가져올 곳을 선택하세요.") }
    var rulesNotUTF8: String { pick("The rules file must be UTF-8 text.", "규칙 파일은 UTF-8 텍스트여야 합니다.") }
    var useLedgerImport: String {
        pick("This is Keepsake's own ledger CSV: import it on the ledger's Import CSV page.", "Keepsake 가계부 CSV입니다. 가계부의 CSV 가져오기 화면에서 가져오세요.")
    }

    func summary(_ report: ImportReport) -> String {
        let diary = report.source.isDiary
        let count = report.imported.count
        if language == .korean {
            let noun = diary ? "일기 \(count)개(사진 \(report.photoCount)장)" : "거래 \(count)건"
            let verb = report.dryRun ? "가져올 예정입니다" : "가져왔습니다"
            return "\(report.source.displayName)에서 \(report.found)개 중 \(noun)을 \(verb). 건너뜀 \(report.skipped.count), 거부됨 \(report.refused.count)."
        }
        let noun = diary ? (count == 1 ? "1 diary entry" : "\(count) diary entries") + " with \(report.photoCount) photo\(report.photoCount == 1 ? "" : "s")"
                         : (count == 1 ? "1 transaction" : "\(count) transactions")
        return "\(report.dryRun ? "Would import" : "Imported") \(noun) of \(report.found) found in the \(report.source.displayName) file; skipped \(report.skipped.count), refused \(report.refused.count)."
    }
}
