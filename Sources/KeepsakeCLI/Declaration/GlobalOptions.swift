import KeepsakeStore

/// The options every command takes, wherever they are written (`keepsake --store DIR diary list` or
/// `keepsake diary list --store DIR`): declared once here, listed under "Global options" in the
/// overview, shown as `[--store DIR]` and `[--json]` in every usage line that takes them, and read
/// with every command's own options into ``Invocation/global``.
struct GlobalOptions: ParsableArguments {
    /// The store to use: its folder (the whole store on the embedded backends; this machine's own
    /// part of it with ``metadata`` or ``blobs``).
    @Option("--store", .file("DIR"), help: """
        Use the store in DIR (default: $KEEPSAKE_HOME, else
        $XDG_DATA_HOME/keepsake with thumbnails in $XDG_CACHE_HOME/keepsake).
        With --metadata or --blobs, DIR keeps only this machine's part
        (uploads in flight, caches).
        """)
    var store: String?
    /// The metadata store (`StoreConfiguration`): PostgreSQL instead of SQLite in the folder.
    @Option("--metadata", .text("URL"), help: """
        Keep the records in this database instead of SQLite in DIR:
        postgresql://user@host:5432/db?schema=NAME (also $KEEPSAKE_METADATA_URL;
        the password from $PGPASSWORD or ~/.pgpass). See docs/SCALE-OUT.md.
        """)
    var metadata: String?
    /// The blob store (`StoreConfiguration`): an S3 bucket instead of the folder.
    @Option("--blobs", .text("URL"), help: """
        Keep the photos in this bucket instead of DIR:
        s3://bucket/prefix?endpoint=https://host:port&region=REGION (also
        $KEEPSAKE_BLOBS_URL; credentials from $AWS_ACCESS_KEY_ID and
        $AWS_SECRET_ACCESS_KEY or ~/.aws, never in the URL).
        """)
    var blobs: String?
    /// The account the command acts as (every store operation then applies that account's rights).
    @Option("--user", .login, help: """
        Act as the account LOGIN: read and write only what it may
        (default: the local operator, who may do everything).
        """)
    var user: LoginName?
    /// Machine-readable output, on every command with ``Command/printsJSON``.
    @Flag("--json", help: "Machine-readable output (every command that prints records or reports).")
    var json: Bool
    /// Help; `-h` is the same.
    @Flag("--help", help: "Show help (also after a command or action: keepsake diary add --help).")
    var help: Bool

    /// The declarations, made once.
    private static let declared = describing()
    /// `--store DIR`.
    static var storeOption: OptionDeclaration { declared.$store }
    /// `--help`.
    static var helpOption: OptionDeclaration { declared.$help }

    /// The options that say which store a command opens, and as whom.
    static let storeOptions: [OptionDeclaration] = [declared.$store, declared.$metadata, declared.$blobs, declared.$user]

    /// The global options `command` takes.
    static func of(_ command: Command) -> [OptionDeclaration] {
        storeOptions + (command.printsJSON ? [declared.$json, declared.$help] : [declared.$help])
    }
}
