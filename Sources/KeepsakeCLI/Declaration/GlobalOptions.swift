/// The options every command takes, wherever they are written (`keepsake --store DIR diary list` or
/// `keepsake diary list --store DIR`): declared once here, listed under "Global options" in the
/// overview, shown as `[--store DIR]` and `[--json]` in every usage line that takes them.
enum GlobalOptions {
    /// The store to use.
    static let store = Option("--store", .file("DIR"), help: """
        Use the store in DIR (default: $KEEPSAKE_HOME, else
        $XDG_DATA_HOME/keepsake with thumbnails in $XDG_CACHE_HOME/keepsake).
        """)
    /// Machine-readable output, on every command with ``Command/printsJSON``.
    static let json = Flag("--json", help: "Machine-readable output (every command that prints records or reports).")
    /// Help; `-h` is the same.
    static let help = Flag("--help", help: "Show help (also after a command or action: keepsake diary add --help).")

    /// The global options `command` takes.
    static func of(_ command: Command) -> [any OptionDeclaration] {
        command.printsJSON ? [store, json, help] : [store, help]
    }
}
