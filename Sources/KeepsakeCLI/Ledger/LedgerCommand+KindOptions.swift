import KeepsakeLedger

extension LedgerCommand {
    /// `--expense`, `--income` or `--kind`, of which `ledger add` and `ledger edit` take at most one.
    struct KindOptions: ParsableArguments {
        /// Money out.
        @Flag("--expense", help: "Money out (the default).") var expense: Bool
        /// Money in.
        @Flag("--income", help: "Money in.") var income: Bool
        /// Either, by name.
        @Option("--kind", .kind, help: "expense or income, as --expense or --income say.") var named: TransactionKind?

        /// At most one of the three.
        static var rules: [OptionRule] { [.atMostOne([[\Self.$expense], [\Self.$income], [\Self.$named]])] }

        /// The kind the one given says; `nil` when none is.
        var kind: TransactionKind? { expense ? .expense : income ? .income : named }
    }

    /// The help of the options `ledger add` and `ledger edit` share.
    enum Help {
        /// `--amount`.
        static let amount = "A plain decimal, at most the currency's decimals (12.50 USD, 12000 KRW)."
        /// `--currency`.
        static let currency = "ISO 4217 code; default KRW."
        /// `--category`.
        static let category = "The category, such as 식비 or Groceries."
        /// `--split`.
        static let split = "A part, such as 식비=8000; repeat for each (2 or more, summing to it)."
        /// `--date`.
        static let date = "The day; default today."
        /// `--memo`.
        static let memo = "A note."
        /// `--receipt`.
        static let receipt = "A receipt photo, stored with the transaction in one operation."
        /// The id argument.
        static let id = "as add and list print it"
    }
}
