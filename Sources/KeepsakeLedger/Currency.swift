import KeepsakeStore

/// An ISO 4217 currency: its three-letter code and how many digits its minor unit has.
///
/// Only currencies in ``known`` exist: `Currency(code:)` refuses any other code, so an amount can
/// never be stored with a guessed precision. The number of minor-unit digits decides how amounts
/// are parsed and printed: 0 for `KRW` and `JPY` (whole won and yen), 2 for `USD` and `EUR`
/// (cents), 3 for `BHD`, `KWD`, `JOD`, `OMR` and `TND` (fils and millimes).
///
/// Encoded (`Codable`) as its code alone, for example `"USD"`.
public struct Currency: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The upper-case ISO 4217 code, such as `USD`.
    public let code: String
    /// How many decimal digits the minor unit has (0, 2 or 3).
    public let minorUnitDigits: Int
    /// The English name, for display.
    public let name: String

    private init(_ code: String, _ minorUnitDigits: Int, _ name: String) {
        self.code = code
        self.minorUnitDigits = minorUnitDigits
        self.name = name
    }

    /// Looks up a currency by its ISO 4217 code, ignoring case (`"usd"` is `USD`).
    ///
    /// - Throws: ``KeepsakeError`` with code `.invalidArgument` when the code is not three ASCII
    ///   letters or is not in ``known``.
    public init(code: String) throws {
        let bytes = Array(code.utf8)
        guard bytes.count == 3, bytes.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(code)) is not a currency code: use a three-letter ISO 4217 code such as USD, EUR or KRW.")
        }
        let upper = code.uppercased()
        guard let found = Self.byCode[upper] else {
            throw KeepsakeError(.invalidArgument, "\(upper) is not a currency Keepsake knows; use one of: \(Self.known.map(\.code).joined(separator: ", ")).")
        }
        self = found
    }

    /// The multiplier from major to minor units: 10 to the power of ``minorUnitDigits``.
    public var minorUnitsPerMajorUnit: Int64 {
        var result: Int64 = 1
        for _ in 0..<minorUnitDigits { result *= 10 }
        return result
    }

    /// The code, such as `USD`.
    public var description: String { code }

    /// Orders currencies by code.
    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }

    /// Decodes a currency from its code; unknown codes are refused.
    public init(from decoder: any Decoder) throws {
        try self.init(code: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the currency as its code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}

extension Currency {
    /// South Korean won (0 decimals).
    public static let krw = Currency("KRW", 0, "South Korean won")
    /// Japanese yen (0 decimals).
    public static let jpy = Currency("JPY", 0, "Japanese yen")
    /// United States dollar (2 decimals).
    public static let usd = Currency("USD", 2, "US dollar")
    /// Euro (2 decimals).
    public static let eur = Currency("EUR", 2, "Euro")
    /// Pound sterling (2 decimals).
    public static let gbp = Currency("GBP", 2, "Pound sterling")
    /// Bahraini dinar (3 decimals).
    public static let bhd = Currency("BHD", 3, "Bahraini dinar")
    /// Kuwaiti dinar (3 decimals).
    public static let kwd = Currency("KWD", 3, "Kuwaiti dinar")
    /// Jordanian dinar (3 decimals).
    public static let jod = Currency("JOD", 3, "Jordanian dinar")
    /// Omani rial (3 decimals).
    public static let omr = Currency("OMR", 3, "Omani rial")
    /// Tunisian dinar (3 decimals).
    public static let tnd = Currency("TND", 3, "Tunisian dinar")

    /// Every currency Keepsake accepts, sorted by code (minor-unit digits from ISO 4217).
    public static let known: [Currency] = ([
        krw, jpy, usd, eur, gbp, bhd, kwd, jod, omr, tnd,
        // 0 decimals
        Currency("BIF", 0, "Burundian franc"), Currency("CLP", 0, "Chilean peso"),
        Currency("DJF", 0, "Djiboutian franc"), Currency("GNF", 0, "Guinean franc"),
        Currency("ISK", 0, "Icelandic króna"), Currency("KMF", 0, "Comorian franc"),
        Currency("PYG", 0, "Paraguayan guaraní"), Currency("RWF", 0, "Rwandan franc"),
        Currency("UGX", 0, "Ugandan shilling"), Currency("VND", 0, "Vietnamese đồng"),
        Currency("VUV", 0, "Vanuatu vatu"), Currency("XAF", 0, "Central African CFA franc"),
        Currency("XOF", 0, "West African CFA franc"), Currency("XPF", 0, "CFP franc"),
        // 2 decimals
        Currency("AED", 2, "UAE dirham"), Currency("ARS", 2, "Argentine peso"),
        Currency("AUD", 2, "Australian dollar"), Currency("BRL", 2, "Brazilian real"),
        Currency("CAD", 2, "Canadian dollar"), Currency("CHF", 2, "Swiss franc"),
        Currency("CNY", 2, "Chinese yuan"), Currency("COP", 2, "Colombian peso"),
        Currency("CZK", 2, "Czech koruna"), Currency("DKK", 2, "Danish krone"),
        Currency("EGP", 2, "Egyptian pound"), Currency("HKD", 2, "Hong Kong dollar"),
        Currency("HUF", 2, "Hungarian forint"), Currency("IDR", 2, "Indonesian rupiah"),
        Currency("ILS", 2, "Israeli new shekel"), Currency("INR", 2, "Indian rupee"),
        Currency("MAD", 2, "Moroccan dirham"), Currency("MXN", 2, "Mexican peso"),
        Currency("MYR", 2, "Malaysian ringgit"), Currency("NGN", 2, "Nigerian naira"),
        Currency("NOK", 2, "Norwegian krone"), Currency("NZD", 2, "New Zealand dollar"),
        Currency("PEN", 2, "Peruvian sol"), Currency("PHP", 2, "Philippine peso"),
        Currency("PKR", 2, "Pakistani rupee"), Currency("PLN", 2, "Polish złoty"),
        Currency("QAR", 2, "Qatari riyal"), Currency("RON", 2, "Romanian leu"),
        Currency("RUB", 2, "Russian ruble"), Currency("SAR", 2, "Saudi riyal"),
        Currency("SEK", 2, "Swedish krona"), Currency("SGD", 2, "Singapore dollar"),
        Currency("THB", 2, "Thai baht"), Currency("TRY", 2, "Turkish lira"),
        Currency("TWD", 2, "New Taiwan dollar"), Currency("UAH", 2, "Ukrainian hryvnia"),
        Currency("ZAR", 2, "South African rand"),
        // 3 decimals
        Currency("IQD", 3, "Iraqi dinar"), Currency("LYD", 3, "Libyan dinar"),
    ] as [Currency]).sorted()

    private static let byCode: [String: Currency] = Dictionary(uniqueKeysWithValues: known.map { ($0.code, $0) })
}
