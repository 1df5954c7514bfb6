import Foundation
import KeepsakeLedger
import KeepsakeStore

extension Runner {
    /// Scenario 2e: the ledger's month page (the month's transactions, its totals per currency and
    /// per category, the budgets with what carried over, every money account's balance at the
    /// month's end, the month's transfers) over 100,000 transactions in ten years (issue 24: within
    /// 2x of the sqlite3 shell running the same figures' SQL on the same file).
    func ledgerMonth() throws {
        let transactions = 100_000, iterations = 200, warm = 20
        let root = work + "/stores/ledger-month"
        note("2e. ledger month: building a ledger of \(transactions) transactions over ten years")
        let (_, buildSeconds) = try timed { try populateLedgerMonths(root: root, transactions: transactions) }
        let ledger = Ledger(store: try openStore(root))

        // The months asked for: January 2025 to November 2026 in turn (budgets from June 2026 on).
        let first = try LedgerMonth(year: 2025, month: 1)
        var months: [LedgerMonth] = [first]
        while months.count < 23, let next = months.last?.next { months.append(next) }
        let asked = (0..<iterations).map { months[$0 % months.count] }

        struct View { var transactions = 0, budgets = 0, accounts = 0, transfers = 0 }
        func view(_ month: LedgerMonth) throws -> View {
            let listed = try ledger.transactions(in: month)
            _ = try Ledger.totals(of: listed)
            _ = try Ledger.categoryTotals(of: listed)
            return View(transactions: listed.count, budgets: try ledger.budgetReport(for: month).count,
                        accounts: try ledger.accountBalances(on: month.lastDay).count, transfers: try ledger.transfers(in: month).count)
        }
        for month in asked.prefix(warm) { _ = try view(month) }
        let last = try view(months[months.count - 1])
        guard last.transactions > 700, last.budgets == 8, last.accounts == 3, last.transfers == 1 else {
            throw BenchFailure("November 2026 shows \(last.transactions) transactions, \(last.budgets) budgets, \(last.accounts) accounts, \(last.transfers) transfers")
        }

        // The balances agree with the peer's SQL (opening balance, income minus expenses, transfers).
        let end = months[months.count - 1].lastDay.adding(days: 1).startDate.timeIntervalSince1970
        let balanceSQL = """
            SELECT coalesce(json_extract(fields, '$.account'), 'cash'), sum(CASE json_extract(fields, '$.kind') WHEN 'income' THEN 1 ELSE -1 END * json_extract(fields, '$.amount'))
            FROM record WHERE collection = 'ledger' AND trashed_at IS NULL AND date < \(end) GROUP BY 1 ORDER BY 1;
            """
        let peerSums = try run(["sqlite3", "-readonly", root + "/keepsake.sqlite"], stdin: Data(balanceSQL.utf8)).text
            .split(separator: "\n").map { $0.split(separator: "|") }
        let balances = try ledger.accountBalances(on: months[months.count - 1].lastDay)
        for line in balances {
            let key = line.account.isStored && !line.account.isDefault ? line.account.id.string : "cash"
            guard let peer = peerSums.first(where: { $0.first.map(String.init) == key }), peer.count == 2, let sum = Int64(peer[1]) else {
                throw BenchFailure("sqlite3 gave no sum for the account \(line.account.name)")
            }
            let transfers = line.account.kind == .bank ? -120 * 300_000 : line.account.kind == .card ? 120 * 300_000 : 0
            let expected = line.account.openingBalance.minorUnits + sum + Int64(transfers)
            guard line.balance.minorUnits == expected else {
                throw BenchFailure("the balance of \(line.account.name) is \(line.balance.minorUnits), the peer's SQL gives \(expected)")
            }
        }

        var wall: [Double] = [], cpu: [Double] = []
        var shown = 0
        for month in asked {
            let c0 = threadCPUSeconds(), t0 = nanoseconds()
            shown += try view(month).transactions
            let t1 = nanoseconds(), c1 = threadCPUSeconds()
            wall.append(Double(t1 - t0) / 1e6)
            cpu.append((c1 - c0) * 1000)
        }
        let wallSummary = Summary(wall), cpuSummary = Summary(cpu)

        // The peer: the sqlite3 shell computing the same figures with hand-written SQL on the same
        // file, six statements a month: the month's rows, its totals by currency, kind and category,
        // the budgets, the budgets' spending over the carried months by month and category, every
        // account's sum up to the month's end, and the money accounts and transfers.
        let statements = 6
        var script = ".output /dev/null\n.timer on\n"
        let budgetsFrom = try LedgerMonth(year: 2026, month: 6)
        let carryFrom = budgetsFrom.firstDay.startDate.timeIntervalSince1970
        for month in asked.prefix(warm) + asked {
            let (from, until) = (month.firstDay.startDate.timeIntervalSince1970, month.lastDay.adding(days: 1).startDate.timeIntervalSince1970)
            let live = "collection = 'ledger' AND trashed_at IS NULL"
            script += "SELECT id, fields, date, created_at, updated_at, book_id, author_id FROM record WHERE \(live) AND date >= \(from) AND date < \(until) ORDER BY date DESC, id DESC;\n"
            script += "SELECT json_extract(fields, '$.currency') AS c, json_extract(fields, '$.kind') AS k, json_extract(fields, '$.category') AS g, count(*), sum(json_extract(fields, '$.amount')) FROM record WHERE \(live) AND date >= \(from) AND date < \(until) GROUP BY c, k, g;\n"
            script += "SELECT id, fields, book_id FROM record WHERE collection = 'ledger-budget' AND trashed_at IS NULL AND date < \(until);\n"
            // Before June 2026 no budget is in effect, so there is no spending to count (as in the ledger).
            script += month < budgetsFrom ? "SELECT 1;\n"
                : "SELECT strftime('%Y-%m', date, 'unixepoch') AS m, book_id, json_extract(fields, '$.category') AS g, json_extract(fields, '$.currency') AS c, sum(json_extract(fields, '$.amount')) FROM record WHERE \(live) AND json_extract(fields, '$.kind') = 'expense' AND date >= \(carryFrom) AND date < \(until) GROUP BY m, book_id, g, c;\n"
            script += "SELECT book_id, json_extract(fields, '$.account') AS a, json_extract(fields, '$.currency') AS c, json_extract(fields, '$.kind') AS k, sum(json_extract(fields, '$.amount')) FROM record WHERE \(live) AND date < \(until) GROUP BY book_id, a, c, k;\n"
            script += "SELECT id, fields, date, book_id FROM record WHERE collection = 'ledger-account' AND trashed_at IS NULL AND date < \(until);\n"
        }
        let times = try sqlite3Timings(root + "/keepsake.sqlite", script, expected: (warm + iterations) * statements)
        let perMonth = stride(from: warm * statements, to: times.count, by: statements).map { times[$0..<($0 + statements)].reduce(0, +) }
        let peer = Summary(perMonth)

        details["ledger_month"] = ["transactions": transactions, "build_seconds": buildSeconds, "iterations": iterations,
                                   "wall": wallSummary.json, "cpu": cpuSummary.json, "sqlite3_cpu": peer.json,
                                   "transactions_per_month": Double(shown) / Double(iterations)]
        rows.append(Row(scenario: "2e", measure: "ledger of 100k transactions over ten years: a month page (transactions, totals, budgets, balances, transfers), p50 (Keepsake: wall / CPU)",
                        keepsake: ms(wallSummary.p50) + " / " + ms(cpuSummary.p50), peer: "sqlite3 shell, hand-written SQL (CPU)",
                        peerValue: ms(peer.p50), ratio: cpuSummary.p50 / peer.p50, ratioMeaning: "CPU time, Keepsake / peer",
                        target: "≤ 2x (issue 24)", met: cpuSummary.p50 / peer.p50 <= 2))
        rows.append(Row(scenario: "2e", measure: "same, p99 (Keepsake: wall / CPU)", keepsake: ms(wallSummary.p99) + " / " + ms(cpuSummary.p99),
                        peer: "sqlite3 shell, hand-written SQL (CPU)", peerValue: ms(peer.p99),
                        ratio: cpuSummary.p99 / peer.p99, ratioMeaning: "CPU time, Keepsake / peer"))
    }
}
