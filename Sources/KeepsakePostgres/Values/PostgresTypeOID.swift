/// The object identifiers of the built-in PostgreSQL types this module reads and writes.
public struct PostgresTypeOID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The OID.
    public let rawValue: UInt32
    /// Wraps an OID.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Not specified: the server infers the parameter's type from the statement.
    public static let unspecified = PostgresTypeOID(rawValue: 0)
    /// `boolean`.
    public static let bool = PostgresTypeOID(rawValue: 16)
    /// `bytea`.
    public static let bytea = PostgresTypeOID(rawValue: 17)
    /// `"char"` (one byte).
    public static let char = PostgresTypeOID(rawValue: 18)
    /// `name` (identifiers in the catalogs).
    public static let name = PostgresTypeOID(rawValue: 19)
    /// `bigint`.
    public static let int8 = PostgresTypeOID(rawValue: 20)
    /// `smallint`.
    public static let int2 = PostgresTypeOID(rawValue: 21)
    /// `integer`.
    public static let int4 = PostgresTypeOID(rawValue: 23)
    /// `text`.
    public static let text = PostgresTypeOID(rawValue: 25)
    /// `oid`.
    public static let oid = PostgresTypeOID(rawValue: 26)
    /// `json`.
    public static let json = PostgresTypeOID(rawValue: 114)
    /// `real`.
    public static let float4 = PostgresTypeOID(rawValue: 700)
    /// `double precision`.
    public static let float8 = PostgresTypeOID(rawValue: 701)
    /// `unknown` (an untyped literal).
    public static let unknown = PostgresTypeOID(rawValue: 705)
    /// `character(n)`.
    public static let bpchar = PostgresTypeOID(rawValue: 1042)
    /// `character varying`.
    public static let varchar = PostgresTypeOID(rawValue: 1043)
    /// `timestamp without time zone`.
    public static let timestamp = PostgresTypeOID(rawValue: 1114)
    /// `timestamp with time zone`.
    public static let timestamptz = PostgresTypeOID(rawValue: 1184)
    /// `numeric`.
    public static let numeric = PostgresTypeOID(rawValue: 1700)
    /// `uuid`.
    public static let uuid = PostgresTypeOID(rawValue: 2950)
    /// `void` (what `pg_notify` returns).
    public static let void = PostgresTypeOID(rawValue: 2278)
    /// `jsonb`.
    public static let jsonb = PostgresTypeOID(rawValue: 3802)

    /// The type's SQL name where this module knows it, else `oid N`.
    public var description: String {
        let names: [UInt32: String] = [16: "boolean", 17: "bytea", 18: "\"char\"", 19: "name", 20: "bigint", 21: "smallint",
                                       23: "integer", 25: "text", 26: "oid", 114: "json", 700: "real", 701: "double precision",
                                       705: "unknown", 1042: "character", 1043: "character varying", 1114: "timestamp",
                                       1184: "timestamptz", 1700: "numeric", 2950: "uuid", 2278: "void", 3802: "jsonb"]
        return names[rawValue] ?? "oid \(rawValue)"
    }
}
