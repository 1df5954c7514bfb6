import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// The installed app's device tokens under `/account` (docs/WEB.md, "Offline writing and sync").
///
/// The JSON API takes only bearer tokens, never the pages' cookie (a stolen page cookie cannot be
/// replayed against it from another site). So a browser that queues changes offline asks, once,
/// from a logged-in page, for an API token of its own: `POST /account/device-token` (same origin,
/// with the page's CSRF token, like every form). The token acts as the session's account with
/// its full rights, is named `device: <label> · <time>`, is kept by the page in IndexedDB, is
/// listed on the account page with a button that revokes it, and is revoked when that browser
/// logs out.
struct DevicePages: Sendable {
    /// The app: its tokens, its layout.
    let app: WebApp
    /// The prefix of a device token's name.
    static let namePrefix = "device: "
    /// The most characters of the label a page gives.
    static let maxLabelLength = 40

    /// Adds the routes to the `/account` group.
    static func addRoutes(to group: inout Router<WebRoute>) {
        group.post("/device-token", .page { app, request, _ in try DevicePages(app: app).issue(request) })
        group.post("/devices/{token}/revoke", .page { app, request, parameters in
            try DevicePages(app: app).revoke(request, id: parameters["token"] ?? "")
        })
    }

    /// `POST /account/device-token` (`device`: a label such as "Chrome on Android"): a new API token
    /// for this browser, acting as the session's account, as JSON `{"token", "id", "name"}` (shown
    /// only now; `no-store`).
    ///
    /// - Throws: what ``APITokens/create(name:readOnly:owner:books:now:)`` throws.
    func issue(_ request: WebRequest) throws -> HTTPResponse {
        guard let account = request.account else { return app.layout.notFound(request) }
        let label = String(request.field("device").filter { !$0.isNewline && $0.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } }
            .trimmingCharacters(in: .whitespaces).prefix(Self.maxLabelLength))
        let now = app.configuration.clock()
        let stamp = ISO8601DateFormatter().string(from: now)
        // The random tail keeps two browsers' names apart (a live token's name is unique).
        let name = Self.namePrefix + (label.isEmpty ? "browser" : label) + " · " + stamp + " · " + String(UUID().uuidString.prefix(4)).lowercased()
        let made = try app.apiTokens.create(name: name, readOnly: false, owner: account.id, now: now)
        var response = try HTTPResponse.json(DeviceToken(token: made.token, id: made.info.id, name: made.info.name), status: .created)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// `POST /account/devices/{token}/revoke`: revokes one of the caller's own device tokens; another
    /// account's (or no such token) is `404`, the same answer.
    func revoke(_ request: WebRequest, id: String) throws -> HTTPResponse {
        guard let account = request.account else { return app.layout.notFound(request) }
        guard try Self.devices(of: account.id, in: app.apiTokens).contains(where: { $0.id == id }) else { return app.layout.notFound(request) }
        try app.apiTokens.revoke(id, now: app.configuration.clock())
        return .redirect(to: "/account#devices")
    }

    /// Revokes the device token `id` if it is `account`'s and not revoked yet (a logout's).
    func revokeIfOwned(_ id: String, by account: AccountID) throws {
        guard try Self.devices(of: account, in: app.apiTokens).contains(where: { $0.id == id }) else { return }
        try app.apiTokens.revoke(id, now: app.configuration.clock())
    }

    /// The live device tokens of `account`, oldest first.
    static func devices(of account: AccountID, in tokens: APITokens) throws -> [APITokenInfo] {
        try tokens.list().filter { $0.owner == account && !$0.isRevoked && $0.name.hasPrefix(namePrefix) }
    }

    /// The account page's list of this account's devices, each with a button that signs it out.
    func section(_ request: WebRequest, account: AccountID) -> HTML {
        let t = request.strings
        let devices: [APITokenInfo]
        do { devices = try Self.devices(of: account, in: app.apiTokens) } catch { return PageLayout.listError(KeepsakeError.wrapping(error), request) }
        let rows: [HTML] = devices.map { device in
            let shown = String(device.name.dropFirst(Self.namePrefix.count))
            return """
                <li class="device" data-id="\(device.id)"><span>\(shown)</span>
                <form method="post" action="/account/devices/\(device.id)/revoke" class="inline">\(PageLayout.csrfField(request))\
                <button type="submit" class="danger">\(t.signOutDevice)</button></form></li>
                """
        }
        let list: HTML = devices.isEmpty ? "<p class=\"empty\">\(t.noDevices)</p>" : "<ul class=\"devices\">\(rows)</ul>"
        return """
            <h2 id="devices">\(t.devices)</h2>
            <p class="hint">\(t.devicesExplanation)</p>
            \(list)
            """
    }
}

/// The answer of `POST /account/device-token`.
struct DeviceToken: Encodable, Sendable {
    /// The token (`ks_…`), shown only now.
    let token: String
    /// Its id, to revoke it.
    let id: String
    /// Its name.
    let name: String
}
