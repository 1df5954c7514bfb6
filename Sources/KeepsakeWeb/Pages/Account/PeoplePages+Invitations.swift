import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// The invitations of the People page: the open ones with a Revoke button, and a form that makes
/// one and shows its link once (the store keeps only the secret's SHA-256). Admins only, like the
/// rest of the page; every change is the engine's operation as the admin.
extension PeoplePages {
    /// Adds `POST /people/invitations` and `POST /people/invitations/<id>/revoke`.
    static func addInvitationRoutes(to group: inout Router<WebRoute>) {
        group.post("/invitations", .page { app, request, _ in PeoplePages(app: app).admitted(request) { $0.makeInvitation(request) } })
        group.post("/invitations/{invitation:invitation}/revoke", .page { app, request, parameters in
            PeoplePages(app: app).admitted(request) { pages in
                pages.revokeInvitation(request, (try? InvitationID(parsing: parameters["invitation"] ?? "")) ?? InvitationID.random())
            }
        })
    }

    /// The section: the link just made (once), the open invitations, the form.
    func invitationsSection(_ request: WebRequest, issued: IssuedInvitation?) -> HTML {
        let t = request.strings
        let formats = Formats(language: request.language)
        let zone = TimeZone(identifier: request.account?.timeZone ?? "UTC") ?? .current
        let csrf = PageLayout.csrfField(request)
        let now = app.configuration.clock()
        let open: [Invitation]
        let logins: [AccountID: String]
        do {
            open = try store.invitations().filter { $0.isOpen(at: now) }
            logins = Dictionary(try store.accounts().map { ($0.id, $0.login.name) }, uniquingKeysWith: { first, _ in first })
        } catch {
            return "<p class=\"error\" role=\"alert\">\(t.describe(KeepsakeError.wrapping(error)))</p>"
        }
        let link: HTML = issued.map { issued in
            let url = issued.link(base: Self.base(of: request, overHTTPS: app.configuration.tls != nil))
            return """
                <div class="ok invitation-link" role="status"><p>\(t.invitationLinkOnce)</p>\
                <p><input type="text" readonly value="\(url)" class="invitation-url" aria-label="\(t.invitations)"> \
                \(t.expires): \(formats.dateTime(issued.invitation.expiresAt, in: zone))</p></div>
                """
        } ?? .empty
        let rows: [HTML] = open.map { invitation in
            let admin: HTML = invitation.isAdmin ? "<span class=\"role-badge\">\(t[.admin])</span>" : .empty
            let maker = invitation.madeBy.map { logins[$0] ?? $0.string } ?? t.theOperator
            return """
                <tr data-invitation="\(invitation.id.string)"><td>\(formats.dateTime(invitation.expiresAt, in: zone))</td><td>\(admin)</td>\
                <td>\(maker)</td><td class="row-actions"><form method="post" action="/people/invitations/\(invitation.id.string)/revoke" class="inline revoke-form">\
                \(csrf)<button type="submit" class="danger">\(t.revoke)</button></form></td></tr>
                """
        }
        let table: HTML = open.isEmpty ? "<p class=\"hint\">\(t.noOpenInvitations)</p>" : """
            <table class="data invitations"><thead><tr><th scope="col">\(t.expires)</th><th scope="col">\(t[.adminHeading])</th>\
            <th scope="col">\(t.madeBy)</th><th scope="col"></th></tr></thead><tbody>\(rows)</tbody></table>
            """
        return """
            <h2 id="invitations">\(t.invitations)</h2>
            <p class="hint">\(t.invitationsExplanation)</p>
            \(link)\(table)
            <form method="post" action="/people/invitations" class="stack invite-form">
            \(csrf)
            <label>\(t.invitationDays) <input type="number" name="days" value="7" min="1" max="365" required></label>
            <label class="check"><input type="checkbox" name="admin" value="1"> \(t.invitationMakesAdmin)</label>
            <div class="form-actions"><button type="submit" class="primary">\(t.inviteSomeone)</button></div>
            </form>
            """
    }

    /// `POST /people/invitations`: makes one and shows the page with its link (not a redirect: the
    /// link is shown this once).
    func makeInvitation(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        guard let days = Int(request.field("days").trimmingCharacters(in: .whitespaces)), (1...365).contains(days) else {
            return peoplePage(request, problem: AccountProblem(t.invitationDaysRefused))
        }
        do {
            let issued = try store.createInvitation(expiresIn: TimeInterval(days) * 86_400, admin: request.field("admin") == "1")
            var response = peoplePage(request, issued: issued)
            response.headers.set("Cache-Control", "no-store")
            return response
        } catch {
            return peoplePage(request, problem: AccountProblem(error, request, layout: layout))
        }
    }

    /// `POST /people/invitations/<id>/revoke`.
    func revokeInvitation(_ request: WebRequest, _ id: InvitationID) -> HTTPResponse {
        do {
            try store.revokeInvitation(id)
            return .redirect(to: "/people#invitations")
        } catch {
            return peoplePage(request, problem: AccountProblem(error, request, layout: layout))
        }
    }

    /// The address the links start with: this server as the browser reached it (`https` when it
    /// serves HTTPS itself, or when a proxy says it was reached so).
    static func base(of request: WebRequest, overHTTPS: Bool) -> String {
        let scheme = overHTTPS || request.http.headers["X-Forwarded-Proto"] == "https" ? "https" : "http"
        return scheme + "://" + (request.http.headers["Host"] ?? "localhost")
    }
}
