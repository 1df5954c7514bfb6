/// The options every command takes, wherever they are written (`keepsake --store DIR diary list` or
/// `keepsake diary list --store DIR`): declared once here, listed under "Global options" in the
/// overview, shown as `[--store DIR]` and `[--json]` in every usage line that takes them.
enum GlobalOptions {
    /// The store to use: its folder (the whole store on the embedded backends; this machine's own
    /// part of it with ``metadata`` or ``blobs``).
    static let store = Option("--store", .file("DIR"), help: """
        Use the store in DIR (default: $KEEPSAKE_HOME, else
        $XDG_DATA_HOME/keepsake with thumbnails in $XDG_CACHE_HOME/keepsake).
        With --metadata or --blobs, DIR keeps only this machine's part
        (uploads in flight, caches).
        """)
    /// The metadata store (`StoreConfiguration`): PostgreSQL instead of SQLite in the folder.
    static let metadata = Option("--metadata", .text("URL"), help: """
        Keep the records in this database instead of SQLite in DIR:
        postgresql://user@host:5432/db?schema=NAME (also $KEEPSAKE_METADATA_URL;
        the password from $PGPASSWORD or ~/.pgpass). See docs/SCALE-OUT.md.
        """)
    /// The blob store (`StoreConfiguration`): an S3 bucket instead of the folder.
    static let blobs = Option("--blobs", .text("URL"), help: """
        Keep the photos in this bucket instead of DIR:
        s3://bucket/prefix?endpoint=https://host:port&region=REGION (also
        $KEEPSAKE_BLOBS_URL; credentials from $AWS_ACCESS_KEY_ID and
        $AWS_SECRET_ACCESS_KEY or ~/.aws, never in the URL).
        """)
    /// Machine-readable output, on every command with ``Command/printsJSON``.
    static let json = Flag("--json", help: "Machine-readable output (every command that prints records or reports).")
    /// Help; `-h` is the same.
    static let help = Flag("--help", help: "Show help (also after a command or action: keepsake diary add --help).")

    /// The options that say which store a command opens.
    static let storeOptions: [any OptionDeclaration] = [store, metadata, blobs]

    /// The global options `command` takes.
    static func of(_ command: Command) -> [any OptionDeclaration] {
        storeOptions + (command.printsJSON ? [json, help] : [help])
    }
}
