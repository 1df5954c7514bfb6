import KeepsakeStore

/// Who the request being answered acts as. ``WebApp`` sets it once per request, after the session
/// or the token has been checked (``WebApp/handle(_:)``, the API's ``WebApp/respondAPI(_:)``, the
/// image answers given on the polling thread), and every store, app and writer of a request is the
/// store acting as it (``CallerApps``): the engine applies its access rule to each operation.
///
/// Outside such a scope it is ``nobody``, an account that does not exist, which the engine lets do
/// nothing: code that forgets to say who is acting reads nothing and writes nothing.
enum RequestCaller {
    /// The caller of the request being answered on this task.
    @TaskLocal static var current: Caller = nobody

    /// A caller who may do nothing: an account id made at random when the server starts, which no
    /// account of any store has.
    static let nobody = Caller.account(AccountID.random())
}
