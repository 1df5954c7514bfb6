import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

extension WebApp {
    /// The ledger's money account and transfer routes under `/api/v1/ledger/accounts` and
    /// `/api/v1/ledger/transfers` (docs/API.md, docs/LEDGER.md).
    static func addAccountRoutes(to ledger: inout APIRouteTable) {
        let on = APIParameter.query("on", JSONSchema.day, description: "The day whose end the balances are for; default: today (UTC).")
        ledger.json(.get, "/accounts", APIDoc("listLedgerAccounts", "List money accounts with their balances",
                                              answer: "Every money account the caller reads, by currency and name, with its balance at the end of the day.",
                                              parameters: [on])) { app, request in
            try APIAnswer(APIList(items: try app.ledger.accountBalances(on: try app.apiBalanceDay(request)).map(APILedgerAccount.init)))
        }
        ledger.json(.post, "/accounts", APIDoc("createLedgerAccount", "Make a money account", answer: "The account.", status: .created,
                                               parameters: [.idempotencyKey], etag: true,
                                               description: "A cash, bank or card account with a currency and an opening balance. An empty name, one another live account of the book has (409), or an opening balance with more decimals than the currency has (400) writes nothing."),
                    input: APILedgerAccountInput.self) { app, request, body in
            try await app.idempotent(request, target: { RecordID().string }) { attempt in
                let id = try app.apiIdempotentID(attempt)
                if attempt.isRetry, let made = try? app.ledger.account(id) { return try app.apiAccountAnswer(made.id, request, status: .created) }
                var draft = try body.draft()
                draft.id = id
                let account = try app.writers.path.perform(files: [], language: request.language) { try app.ledger.createAccount(draft) }
                return try app.apiAccountAnswer(account.id, request, status: .created)
            }
        }
        ledger.json(.get, "/accounts/{id:uuid}", APIDoc("getLedgerAccount", "Read a money account with its balance", answer: "The account.",
                                                        parameters: [.recordID, on, .ifNoneMatch], etag: true, notModified: true)) { app, request in
            try app.apiAccountAnswer(request.id, request)
        }
        ledger.json(.patch, "/accounts/{id:uuid}", APIDoc("updateLedgerAccount", "Rename a money account or change its kind", answer: "The account.",
                                                          parameters: [.recordID, .ifMatch], etag: true),
                    input: APILedgerAccountPatch.self) { app, request, body in
            let expected = try request.expectedVersion()
            let kind = try body.parsedKind()
            _ = try app.writers.path.perform(files: [], language: request.language) {
                try app.ledger.updateAccount(request.id, name: body.name, kind: kind, expectedVersion: expected)
            }
            return try app.apiAccountAnswer(request.id, request)
        }
        ledger.raw(.delete, "/accounts/{id:uuid}", APIDoc("removeLedgerAccount", "Remove a money account, for good", answer: "Gone.",
                                                          parameters: [.recordID, .ifMatch],
                                                          description: "Refused (409) while a transaction or transfer uses it."),
                   responses: ["204": ["description": "Gone."]]) { app, request in
            let expected = try request.expectedVersion()
            try app.writers.path.perform(files: [], language: request.language) { try app.ledger.removeAccount(request.id, expectedVersion: expected) }
            return HTTPResponse(status: .noContent)
        }
        ledger.json(.get, "/transfers", APIDoc("listTransfers", "List transfers", answer: "The transfers, newest day first.",
                                               parameters: [.query("month", APIMonths.schema),
                                                            .query("account", JSONSchema.uuid, description: "Only transfers from or to this money account.")])) { app, request in
            let month = try request.query("month").map { try LedgerMonth(parsing: $0) }
            let account = try request.query("account").map { try RecordID(parsing: $0) }
            return try APIAnswer(APIList(items: try app.ledger.transfers(in: month, account: account).map(APITransfer.init)))
        }
        ledger.json(.post, "/transfers", APIDoc("createTransfer", "Move money between two money accounts", answer: "The transfer.", status: .created,
                                                parameters: [.idempotencyKey], etag: true,
                                                description: "One record, so both sides or none. Refused (400) and nothing written: the same account on both sides, an amount of zero or with too many decimals, a missing toAmount for two currencies, accounts of two books; an account the caller does not read is 404, one it may only read 403."),
                    input: APITransferInput.self) { app, request, body in
            // Once per Idempotency-Key, with the id chosen when the key was first used: a retry never moves the money twice.
            try await app.idempotent(request, target: { RecordID().string }) { attempt in
                let id = try app.apiIdempotentID(attempt)
                if attempt.isRetry, let made = try? app.ledger.transfer(id) {
                    return try APIAnswer(APITransfer(made), version: made.version, request: request, status: .created)
                }
                var draft = try body.draft(app.ledger)
                draft.id = id
                let transfer = try app.writers.path.perform(files: [], language: request.language) { try app.ledger.createTransfer(draft) }
                return try APIAnswer(APITransfer(transfer), version: transfer.version, request: request, status: .created)
            }
        }
        ledger.json(.get, "/transfers/{id:uuid}", APIDoc("getTransfer", "Read a transfer", answer: "The transfer.", parameters: [.recordID, .ifNoneMatch],
                                                         etag: true, notModified: true)) { app, request in
            let transfer = try app.ledger.transfer(request.id)
            return try APIAnswer(APITransfer(transfer), version: transfer.version, request: request)
        }
        ledger.raw(.delete, "/transfers/{id:uuid}", APIDoc("removeTransfer", "Remove a transfer, for good", answer: "Gone: both sides at once.",
                                                           parameters: [.recordID, .ifMatch]),
                   responses: ["204": ["description": "Gone: both sides at once."]]) { app, request in
            let expected = try request.expectedVersion()
            try app.writers.path.perform(files: [], language: request.language) { try app.ledger.removeTransfer(request.id, expectedVersion: expected) }
            return HTTPResponse(status: .noContent)
        }
    }

    /// A changed record as the change feed carries it: a money account with its balance today, a
    /// transfer, or the body of its app (``body(of:sizes:today:)``), "today" being the change
    /// page's.
    func apiChangeBody(_ record: Record, sizes: [Int], today: LedgerDay) throws -> APIRecordBody? {
        guard record.collection == Ledger.accountCollection else { return try Self.body(of: record, sizes: sizes, today: today) }
        if Ledger.isTransfer(record) { return .transfer(APITransfer(try Ledger.transfer(from: record))) }
        let account = try Ledger.account(from: record)
        return .moneyAccount(APILedgerAccount(LedgerAccountBalance(account: account, balance: try ledger.balance(of: account.id, on: today), day: today)))
    }

    /// The record id kept for a request's Idempotency-Key.
    func apiIdempotentID(_ attempt: IdempotentAttempt) throws -> RecordID {
        guard let target = attempt.target, let id = try? RecordID(parsing: target) else {
            throw KeepsakeError(.database, "The id kept for this Idempotency-Key cannot be read.", remedy: .checkStore)
        }
        return id
    }

    /// The day of `?on=`, today (UTC) when absent.
    func apiBalanceDay(_ request: APIRequest) throws -> LedgerDay {
        if let text = request.query("on") { return try LedgerDay(parsing: text) }
        return try LedgerDay(parsing: String(ISO8601DateFormatter().string(from: Date()).prefix(10)))
    }

    /// The account `id` with its balance on the request's day.
    func apiAccountAnswer(_ id: RecordID, _ request: APIRequest, status: HTTPStatus = .ok) throws -> APIAnswer<APILedgerAccount> {
        let account = try ledger.account(id)
        let balance = try ledger.balance(of: id, on: try apiBalanceDay(request))
        let line = LedgerAccountBalance(account: account, balance: balance, day: try apiBalanceDay(request))
        return try APIAnswer(APILedgerAccount(line), version: max(account.version, 1), request: request, status: status)
    }
}
