import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

@Suite struct LedgerCSVTests {
    // MARK: - The reader and writer

    @Test func fieldsWithCommasQuotesOrLineBreaksAreQuotedWithQuotesDoubled() {
        #expect(CSV.field("plain") == "plain")
        #expect(CSV.field("") == "")
        #expect(CSV.field("a,b") == "\"a,b\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.field("two\nlines") == "\"two\nlines\"")
        #expect(CSV.field("cr\r\nlf") == "\"cr\r\nlf\"")
        #expect(CSV.field(" 김밥 ") == " 김밥 ")
        #expect(CSV.document([["a", "b"], ["1", "x,y"]]) == "a,b\r\n1,\"x,y\"\r\n")
    }

    @Test func theReaderUndoesTheWriterForAwkwardFields() {
        let rows = [
            ["id", "memo"],
            ["1", "comma, inside"],
            ["2", "a \"quoted\" word"],
            ["3", "line one\nline two\r\nline three"],
            ["4", "한국어 메모, \"따옴표\" 그리고\n줄바꿈"],
            ["5", ""],
            ["6", "\"\u{301}"],   // a quote followed by a combining mark is one Character in Swift
            ["7", "trailing space "],
        ]
        let parsed = CSV.parse(CSV.document(rows))
        #expect(parsed.map(\.fields) == rows)
        #expect(parsed.allSatisfy { $0.problem == nil })
        #expect(parsed.map(\.line) == [1, 2, 3, 4, 7, 9, 10, 11])
    }

    @Test func theReaderAcceptsLFAndCRLineEndingsABOMAndSkipsEmptyLines() {
        let text = "\u{FEFF}a,b\n\n1,2\r\n3,\"4\"\r\r\n5,\n"
        let rows = CSV.parse(text)
        #expect(rows.map(\.fields) == [["a", "b"], ["1", "2"], ["3", "4"], ["5", ""]])
        #expect(rows.map(\.line) == [1, 3, 4, 6])
        #expect(CSV.parse("").isEmpty)
        #expect(CSV.parse("x").map(\.fields) == [["x"]])
    }

    @Test func malformedRowsCarryAProblemAndTheReaderGoesOn() {
        let rows = CSV.parse("a,b\nbad\"quote,1\n\"closed\"extra,2\nok,3\n\"never closed,4\nlost,5\n")
        #expect(rows.count == 5)
        #expect(rows[0].problem == nil)
        #expect(rows[1].line == 2 && rows[1].problem?.contains("not quoted") == true)
        #expect(rows[2].line == 3 && rows[2].problem?.contains("text follows a closing quote") == true)
        #expect(rows[3].fields == ["ok", "3"] && rows[3].problem == nil)
        #expect(rows[4].line == 5 && rows[4].problem?.contains("never closed") == true)
    }

    // MARK: - Export and import

    @Test func exportThenImportIntoAFreshStoreRoundTripsExactly() throws {
        let source = try LedgerFixture()
        let added = [
            try source.add("2025-03-14", .expense, "12000", .krw, "식비", memo: "김밥, 라면 \"맛집\"\n두 줄 메모"),
            try source.add("2025-03-01", .income, "2500.50", .usd, "Salary, part-time", memo: "March \"bonus\""),
            try source.add("2024-12-31", .expense, "0.005", .bhd, "Fees", memo: "line\r\nbreak"),
            try source.add("2025-03-14", .expense, "1", .jpy, "=SUM(A1)", receipt: .file(Corpus.url("jpeg/testorig.jpg"))),
        ]
        let trashed = try source.add("2025-01-01", .expense, "5", .eur, "Gone")
        try source.ledger.delete(trashed.id)

        let csv = try source.ledger.exportCSV()
        let lines = CSV.parse(csv)
        #expect(lines.first?.fields == Ledger.csvHeader)
        #expect(csv.hasPrefix("id,date,kind,amount,currency,category,memo,splits\r\n"))
        #expect(lines.count == 5, "header and the four live transactions; the trashed one is left out")
        #expect(lines[1].fields[1] == "2024-12-31", "oldest first")
        #expect(lines[1].fields[3] == "0.005")
        #expect(csv.contains("\"Salary, part-time\""))
        #expect(csv.contains("\"김밥, 라면 \"\"맛집\"\"\n두 줄 메모\""))

        let target = try LedgerFixture()
        let report = try target.ledger.importCSV(csv)
        #expect(report.rowCount == 4 && report.importableCount == 4 && !report.dryRun)
        #expect(Set(report.imported) == Set(added.map(\.id)))
        #expect(report.invalid.isEmpty && report.duplicates.isEmpty)
        for original in added {
            let copy = try target.ledger.read(original.id)
            #expect(copy.date == original.date && copy.recordDate == original.recordDate)
            #expect(copy.kind == original.kind && copy.amount == original.amount)
            #expect(copy.category == original.category && copy.memo == original.memo)
            #expect(copy.receipt == nil, "receipts are not part of the CSV")
        }
        #expect(try target.ledger.exportCSV() == csv)
        #expect(try source.ledger.exportCSV(includeTrash: true).contains(trashed.id.string))
    }

    @Test func exportAndImportWorkThroughFiles() throws {
        let fixture = try LedgerFixture()
        try fixture.add("2025-03-14", .expense, "7.77", .gbp, "Tea", memo: "차 한 잔")
        let file = fixture.directory.appending("ledger.csv")
        try fixture.ledger.exportCSV(to: file)
        let target = try LedgerFixture()
        #expect(try target.ledger.importCSV(contentsOf: file).imported.count == 1)
        #expect(try target.ledger.list().transactions.first?.memo == "차 한 잔")

        let latin1 = fixture.directory.appending("latin1.csv")
        try (Data("id,date,kind,amount,currency,category,memo\r\n,2025-01-01,expense,1,EUR,Caf".utf8) + [0xE9] + Data(",\r\n".utf8))
            .write(to: latin1)
        #expect(keepsakeError { try target.ledger.importCSV(contentsOf: latin1) }?.message.contains("is not UTF-8") == true)
    }

    @Test func anImportWithBadRowsImportsNothingAndListsEveryBadRowWithItsLineNumber() throws {
        let fixture = try LedgerFixture()
        let csv = """
            id,date,kind,amount,currency,category,memo
            5a3c1e9e-8f1b-4f7e-9d2a-0c1b2a3d4e5f,2025-03-01,expense,12.50,USD,Food,fine
            ,2025-13-01,expense,1,USD,Food,bad date
            ,2025-03-02,expense,1,XYZ,Food,unknown currency
            ,2025-03-03,expense,12.345,USD,Food,too many decimals
            ,2025-03-04,expense,-5,KRW,Food,negative
            ,2025-03-05,refund,5,KRW,Food,bad kind
            ,2025-03-06,expense,5,KRW,   ,empty category
            not-a-uuid,2025-03-07,expense,5,KRW,Food,bad id
            ,2025-03-08,expense,5,KRW
            ,2025-03-09,income,"1,000",KRW,Salary,"multi
            line memo"
            ,2025-03-10,income,1000,KRW,Salary,ok too

            """
        let error = keepsakeError { try fixture.ledger.importCSV(csv) }
        let message = try #require(error?.message)
        #expect(error?.code == .invalidArgument)
        #expect(message.hasPrefix("Nothing was imported: 9 of 11 rows of the CSV are invalid."))
        for expected in [
            "line 3: date: \"2025-13-01\" is not a valid date",
            "line 4: currency: XYZ is not a currency Keepsake knows",
            "line 5: amount: \"12.345\" has 3 decimal places, but USD amounts have at most 2",
            "line 6: amount: \"-5\" is not a valid KRW amount: amounts are never negative",
            "line 7: kind: \"refund\" is not a transaction kind",
            "line 8: category: The category is empty",
            "line 9: id: \"not-a-uuid\" is not a record id",
            "line 10: the row has 5 columns; expected 7",
        ] {
            #expect(message.contains(expected), "missing \(expected) in \(message)")
        }
        #expect(!message.contains("more invalid rows"), "up to ten bad rows are all listed")
        #expect(message.contains("import with skipInvalid to import only the 2 valid new rows"))
        #expect(try fixture.store.count("ledger", trash: .all) == 0, "all or nothing")

        let check = try fixture.ledger.validateCSV(csv)
        #expect(check.dryRun && check.rowCount == 11 && check.importableCount == 2 && check.imported.isEmpty)
        #expect(check.invalid.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(check.invalid.last?.reason.contains("amount: \"1,000\" is not a valid KRW amount: remove the grouping separators") == true)
        #expect(try fixture.store.count("ledger", trash: .all) == 0)

        let report = try fixture.ledger.importCSV(csv, skipInvalid: true)
        #expect(report.imported.count == 2)
        #expect(report.invalid.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(report.imported.contains(try RecordID(parsing: "5a3c1e9e-8f1b-4f7e-9d2a-0c1b2a3d4e5f")))
        #expect(try fixture.ledger.list().transactions.map(\.memo) == ["ok too", "fine"])
    }

    @Test func aRowWithSeveralProblemsReportsThemAll() throws {
        let fixture = try LedgerFixture()
        let report = try fixture.ledger.validateCSV("id,date,kind,amount,currency,category,memo\nbad,2025-02-30,spend,1.5,KRW,,\n")
        let reason = try #require(report.invalid.first?.reason)
        for column in ["id:", "date:", "kind:", "amount:", "category:"] { #expect(reason.contains(column), "\(reason)") }
        #expect(report.invalid.first?.line == 2)
    }

    @Test func theErrorListsTheFirstTenBadRowsAndCountsTheRest() throws {
        let fixture = try LedgerFixture()
        let rows = (1...15).map { ",2025-03-\($0 < 10 ? "0" : "")\($0),expense,0.5,KRW,Food," }
        let error = keepsakeError { try fixture.ledger.importCSV((["id,date,kind,amount,currency,category,memo"] + rows).joined(separator: "\n")) }
        let message = try #require(error?.message)
        #expect(message.contains("line 11: amount: \"0.5\" has 1 decimal place, but KRW amounts are whole numbers"))
        #expect(!message.contains("line 12:"))
        #expect(message.contains("…and 5 more invalid rows"))
        #expect(message.contains("only the 0 valid new rows"))
    }

    @Test func importingTheSameFileTwiceSkipsTheDuplicates() throws {
        let source = try LedgerFixture()
        try source.add("2025-03-14", .expense, "9000", .krw, "식비")
        try source.add("2025-03-15", .income, "10.00", .usd, "Gift")
        let csv = try source.ledger.exportCSV()

        let target = try LedgerFixture()
        #expect(try target.ledger.importCSV(csv).imported.count == 2)
        let again = try target.ledger.importCSV(csv)
        #expect(again.imported.isEmpty && again.importableCount == 0)
        #expect(again.duplicates.map(\.line) == [2, 3])
        #expect(again.duplicates.first?.reason.contains("is already in the ledger") == true)
        #expect(try target.ledger.count() == 2)

        // Importing into the store it came from is a no-op too.
        #expect(try source.ledger.importCSV(csv).duplicates.count == 2)
        #expect(try source.ledger.count() == 2)
    }

    @Test func repeatedIdsInOneFileAndIdsOfOtherRecordsAreInvalid() throws {
        let fixture = try LedgerFixture()
        let diary = try fixture.store.create(RecordDraft(collection: "diary", fields: ["title": .string("x")]))
        let id = "5a3c1e9e-8f1b-4f7e-9d2a-0c1b2a3d4e5f"
        let csv = """
            id,date,kind,amount,currency,category,memo
            \(id),2025-03-01,expense,1,KRW,A,
            \(id.uppercased()),2025-03-02,expense,2,KRW,B,
            \(diary.id),2025-03-03,expense,3,KRW,C,
            """
        let report = try fixture.ledger.validateCSV(csv)
        #expect(report.invalid.map(\.line) == [3, 4])
        #expect(report.invalid[0].reason.contains("already appears on line 2"))
        #expect(report.invalid[1].reason.contains("belongs to a record of the diary collection"))
        #expect(report.importableCount == 1)
    }

    @Test func aWrongHeaderOrAnEmptyFileIsRefusedAsAWhole() throws {
        let fixture = try LedgerFixture()
        #expect(keepsakeError { try fixture.ledger.importCSV("") }?.message.contains("The CSV is empty") == true)
        let swapped = keepsakeError { try fixture.ledger.importCSV("id,date,amount,kind,currency,category,memo\n") }
        #expect(swapped?.message.contains("must be the header id,date,kind,amount,currency,category,memo") == true)
        #expect(keepsakeError { try fixture.ledger.importCSV("2025-03-01,expense,1,KRW,A\n") }?.code == .invalidArgument)
        let headerOnly = try fixture.ledger.importCSV(" ID , Date,kind,amount,currency,category,memo\r\n")
        #expect(headerOnly.rowCount == 0 && headerOnly.imported.isEmpty)
    }

    @Test func rowsWithoutAnIdGetANewOneAndLenientSpacingIsAccepted() throws {
        let fixture = try LedgerFixture()
        let report = try fixture.ledger.importCSV("id,date,kind,amount,currency,category,memo\n , 2025-03-01 , Income , 12.5 , eur , Gift ,  \n")
        #expect(report.imported.count == 1)
        let imported = try fixture.ledger.read(try #require(report.imported.first))
        #expect(imported.kind == .income && imported.amount.description == "12.50 EUR" && imported.category == "Gift" && imported.memo == "")
    }
}
