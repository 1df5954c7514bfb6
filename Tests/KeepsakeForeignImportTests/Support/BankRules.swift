/// A rules file for each bank CSV of the corpus (`imports/bank-csv/reubano-csv2ofx/`), written from
/// the files' own headers: they double as examples of the rules format (docs/IMPORT.md).
enum BankRules {
    /// Mint's export (`mint.csv` and `mint_extra.csv` share one header).
    private static let mint = """
        fields       date, description, original, amount, type, category, account-name, labels, notes
        date-format  %m/%d/%y
        currency     USD
        memo         %description (%account-name)
        if %type ^debit$
          kind expense
        if %type ^credit$
          kind income
        """

    /// Schwab checking, in its three files of one header.
    private static let schwabChecking = """
        fields       date, status, type, check, description, amount-out, amount-in, balance
        date-format  %m/%d/%Y
        currency     USD
        memo         %description
        identity     date, type, check, description, amount-out, amount-in
        """

    /// Stripe's payments, in its two files of one header.
    private static let stripe = """
        fields    id, description, seller-message, date, amount, refunded, currency
        category  Sales
        memo      %description
        """

    static let files: [String: String] = [
        "amazon.csv": """
            # Amazon order history: one order per row, totals are what was paid.
            fields     id, url, items, to, date, amount, shipping, shipping-refund, gift, tax, refund, payments
            currency   USD
            amounts    expense-positive
            category   Shopping
            memo       %items
            if %date pending
              skip
            if %amount ^$
              skip
            """,
        "capitalone.csv": """
            fields    date, posted, card, description, category, amount-out, amount-in
            currency  USD
            """,
        "creditunion.csv": """
            fields       check, date, description, amount, category, note
            date-format  %m/%d/%y
            currency     USD
            amounts      expense-positive
            memo         %description (%check)
            """,
        "default.csv": """
            fields    id, num, date, reference, description, amount, account, category, notes
            currency  USD
            amounts   expense-positive
            memo      %description (%num, %account)
            """,
        "gls.csv": """
            # GLS Bank: windows-1252, semicolons, decimal comma.
            separator     ;
            fields        account, date, value-date, payee, type, vwz1, vwz2, vwz3, vwz4, vwz5, vwz6, vwz7, vwz8, vwz9, vwz10, vwz11, vwz12, vwz13, vwz14, amount, balance, currency
            date-format   %d.%m.%Y
            decimal-mark  ,
            memo          %payee: %vwz1 %vwz2 (%type)
            if Drillisch|SIMply
              category Phone
            """,
        "ingesp.csv": """
            fields       date, group, category, description, notes, image, amount, balance
            date-format  %d/%m/%Y
            currency     EUR
            memo         %description
            identity     date, group, category, description, amount
            """,
        "mint.csv": mint,
        "mint_extra.csv": mint,
        // Mint's columns without a header line and without the last two.
        "mint_headerless.csv": "skip         0\n" + mint.replacingOccurrences(of: ", labels, notes", with: ""),
        "n26-fr.csv": """
            fields    date, value-date, payee, iban, type, reference, account-name, amount, original-amount, original-currency, rate
            currency  EUR
            memo      %payee (%type)
            category  Transfers
            """,
        "outbank.csv": """
            separator     ;
            fields        _, account, date, value-date, amount, currency, payee, number, bank, reason, category, subcategory, tags, note
            date-format   %m/%d/%y
            decimal-mark  ,
            memo          %payee: %reason
            """,
        "payoneer.csv": """
            fields       date, time, zone, id, description, amount-in, amount-out, currency, transfer, transfer-currency, status, balance, extra
            date-format  %m/%d/%Y
            memo         %description (%extra)
            """,
        "pcmastercard.csv": """
            fields       payee, card, date, time, amount
            date-format  %m/%d/%Y
            currency     CAD
            amounts      expense-positive
            if ITUNES|APL\\*
              category Subscriptions
            if ^"?Mobil
              category Fuel
            """,
        "schwab-checking-baltest-case2.csv": schwabChecking,
        "schwab-checking-baltest-case7.csv": schwabChecking,
        "schwab-checking.csv": schwabChecking,
        "stripe-all.csv": stripe,
        "stripe-default.csv": stripe,
        "ubs-ch-fr_trimmed.csv": """
            separator    ;
            fields       product, currency, account, date, description, payee, address, id, amount-out, amount-in, balance
            date-format  %d.%m.%Y
            memo         %description %payee
            """,
        "xero.csv": """
            # A Xero journal: only the Cash account's lines are money in and out.
            fields       journal, date, account, amount, tax, resource, product, reference, description
            date-format  %d-%b-%y
            currency     USD
            category     Sales
            memo         %description (%reference)
            if %account ^(Income|Checking)$
              skip
            if %description ^Transfer
              category Transfers
            """,
    ]
}
