import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// The admins' page under `/people`: every account, a form to add one (login name, display name,
/// admin or not, an initial password checked against ``PasswordPolicy``), buttons to disable
/// and enable accounts, each account's storage usage with a form to set its quota, and the open
/// invitations (``invitationsSection(_:issued:)``). For anyone who is not an admin the page does
/// not exist (`404`, like any address that leads nowhere).
///
/// Everything is the engine's operation as the request's caller (``CallerApps``), an admin: the
/// engine refuses to disable the last enabled admin, and the page shows its refusal.
struct PeoplePages: Sendable {
    /// The app: its store as the request's caller, its layout and password hasher.
    let app: WebApp
    /// The store as the request's caller sees it.
    var store: Store { app.apps.store }
    /// The site layout and error pages.
    var layout: PageLayout { app.layout }

    /// Adds the routes of `/people`.
    static func addRoutes(to group: inout Router<WebRoute>) {
        group.get("/", .page { app, request, _ in PeoplePages(app: app).admitted(request) { $0.peoplePage(request) } })
        group.post("/", .page { app, request, _ in PeoplePages(app: app).admitted(request) { $0.addAccount(request) } })
        group.post("/{account:account}/disable", .page { app, request, parameters in
            PeoplePages(app: app).admitted(request) { $0.setDisabled(true, request, account(parameters)) }
        })
        group.post("/{account:account}/enable", .page { app, request, parameters in
            PeoplePages(app: app).admitted(request) { $0.setDisabled(false, request, account(parameters)) }
        })
        group.post("/{account:account}/quota", .page { app, request, parameters in
            PeoplePages(app: app).admitted(request) { $0.setQuota(request, account(parameters)) }
        })
        addInvitationRoutes(to: &group)
    }

    /// The account id of a route's `{account:account}` (the constraint has checked it).
    static func account(_ parameters: RouterParameters) -> AccountID {
        (try? AccountID(parsing: parameters["account"] ?? "")) ?? AccountID.random()
    }

    /// `page` for an admin; 404 for anyone else.
    func admitted(_ request: WebRequest, _ page: (PeoplePages) -> HTTPResponse) -> HTTPResponse {
        guard request.account?.isAdmin == true else { return layout.notFound(request) }
        return page(self)
    }

    /// The page, with `problem` (a refused change: the add form keeps what was typed, never the
    /// password) above it, and the link of `issued` (an invitation just made) shown this once.
    func peoplePage(_ request: WebRequest, problem: AccountProblem? = nil, issued: IssuedInvitation? = nil) -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        let accounts: [Account], usage: [AccountID: Int64]
        do {
            accounts = try store.accounts()
            usage = try store.storageUsage()
        } catch { return layout.errorResponse(error, request) }
        let zone = TimeZone(identifier: request.account?.timeZone ?? "UTC") ?? .current
        let csrf = PageLayout.csrfField(request)
        let rows: [HTML] = accounts.map { account in
            let id = account.id.string
            let admin: HTML = account.isAdmin ? "<span class=\"role-badge\">\(t[.admin])</span>" : .empty
            let state = account.isDisabled ? t[.disabledState] : t[.enabled]
            let action = account.isDisabled ? "enable" : "disable"
            let buttonClass: HTML = account.isDisabled ? .empty : " class=\"danger\""
            let you = account.id == request.account?.id ? " (\(t[.you]))" : ""
            let used = formats.bytes(usage[account.id] ?? 0)
            let quota = account.quota.map(StorageSize.exact) ?? ""
            let storage = used + " / " + (account.quota.map { formats.bytes($0) } ?? t[.noQuota])
            return """
                <tr data-login="\(account.login.name)" data-disabled="\(account.isDisabled ? "true" : "false")">\
                <td><code>\(account.login.name)</code></td><td>\(account.displayName)\(you)</td><td>\(admin)</td>\
                <td class="state">\(state)</td><td>\(formats.dateTime(account.createdAt, in: zone))</td>\
                <td class="storage">\(storage)<form method="post" action="/people/\(id)/quota" class="inline quota-form">\(csrf)\
                <input type="text" name="quota" value="\(quota)" size="8" aria-label="\(t[.quota]) (\(account.login.name))" placeholder="\(t[.quotaHint])">\
                <button type="submit">\(t[.setQuota])</button></form></td>\
                <td class="row-actions"><form method="post" action="/people/\(id)/\(action)" class="inline \(action)-form">\(csrf)\
                <button type="submit"\(buttonClass)>\(account.isDisabled ? t[.enable] : t[.disable])</button></form></td></tr>
                """
        }
        let adding = request.http.method == .post && request.segments == ["people"]
        func typed(_ field: String) -> String { adding ? request.field(field) : "" }
        let notice: HTML = request.query("added").map { _ in "<p class=\"ok\" role=\"status\">\(t[.accountAdded])</p>" } ?? .empty
        let body: HTML = """
            <div class="page-head"><h1>\(t[.people])</h1></div>
            \(notice)\(problem?.markup ?? .empty)
            <p class="hint">\(t[.peopleExplanation])</p>
            <table class="data people"><thead><tr><th scope="col">\(t[.loginName])</th><th scope="col">\(t[.displayName])</th>\
            <th scope="col">\(t[.adminHeading])</th><th scope="col">\(t[.accountState])</th><th scope="col">\(t[.created])</th><th scope="col">\(t[.storageUsage])</th><th scope="col"></th></tr></thead>
            <tbody>\(rows)</tbody></table>
            <h2>\(t[.addAccount])</h2>
            <form method="post" action="/people" class="stack add-account" autocomplete="off">
            \(csrf)
            <label>\(t[.loginName]) <input type="text" name="login" value="\(typed("login"))" maxlength="32" autocapitalize="none" spellcheck="false" required></label>
            <label>\(t[.displayName]) <input type="text" name="displayName" value="\(typed("displayName"))" maxlength="100"></label>
            <label class="check"><input type="checkbox" name="admin" value="1"\(typed("admin") == "1" ? " checked" : "")> \(t[.isAdmin])</label>
            <label>\(t[.initialPassword]) <input type="password" name="password" autocomplete="new-password" minlength="\(AccountPages.policy.minimumCharacters)" required></label>
            <div class="form-actions"><button type="submit" class="primary">\(t[.addAccount])</button></div>
            </form>
            \(invitationsSection(request, issued: issued))
            """
        return layout.render(Page(title: t[.people], section: .none, body: body, status: problem?.status ?? .ok), for: request)
    }

    /// `POST /people`: adds an account with the page's language and the admin's time zone.
    func addAccount(_ request: WebRequest) -> HTTPResponse {
        do {
            let login = try LoginName(request.field("login").trimmingCharacters(in: .whitespaces))
            let password = request.field("password")
            try AccountPages.policy.check(password)
            let draft = AccountDraft(login: login, displayName: request.field("displayName").trimmingCharacters(in: .whitespacesAndNewlines),
                                     language: request.language.rawValue, timeZone: request.account?.timeZone ?? "UTC",
                                     isAdmin: request.field("admin") == "1", passwordHash: try app.hasher.hash(password))
            let account = try store.createAccount(draft)
            return .redirect(to: WebRequest.link("/people", [("added", account.login.name)]))
        } catch {
            return peoplePage(request, problem: AccountProblem(error, request, layout: layout, conflict: .loginTaken))
        }
    }

    /// `POST /people/<id>/quota`: sets the account's storage quota from the field `quota` (`500MB`,
    /// `2GB`, …; empty or `none`: no quota).
    func setQuota(_ request: WebRequest, _ id: AccountID) -> HTTPResponse {
        let text = request.field("quota").trimmingCharacters(in: .whitespaces)
        let quota: Int64?
        if text.isEmpty || text.lowercased() == "none" {
            quota = nil
        } else if let bytes = StorageSize.parse(text) {
            quota = bytes
        } else {
            return peoplePage(request, problem: AccountProblem(request.strings[.quotaNotASize]))
        }
        do {
            _ = try store.updateAccount(id, AccountChange(quota: .some(quota)))
            return .redirect(to: "/people")
        } catch {
            return peoplePage(request, problem: AccountProblem(error, request, layout: layout))
        }
    }

    /// `POST /people/<id>/disable` and `…/enable` (the last enabled admin stays enabled).
    func setDisabled(_ disabled: Bool, _ request: WebRequest, _ id: AccountID) -> HTTPResponse {
        do {
            _ = try store.updateAccount(id, AccountChange(disabled: disabled))
            return .redirect(to: "/people")
        } catch {
            return peoplePage(request, problem: AccountProblem(error, request, layout: layout, conflict: .lastAdmin))
        }
    }
}
