/// The other side of a transfer between one's own accounts, as a statement gives it.
enum BankTransferSide: Hashable {
    /// An account the file names (an OFX `BANKACCTTO`, a QIF `[Savings]`, a Firefly account): found,
    /// else made.
    case account(BankFileAccount)
    /// A bank identifier that is a transfer only when one of the book's accounts has it (a camt
    /// counterparty's IBAN); an ordinary transaction otherwise.
    case ifKnown(bankAccountID: String)
    /// Not named (an OFX `XFER` without `BANKACCTTO`): ``LedgerImportOptions/transferAccount``, else
    /// the book's default cash account of the currency.
    case unnamed
}
