// snippet.hide
#if canImport(SwiftUI)
// snippet.show
import LinkRouting
import SwiftUI
// snippet.hide
#else
import LinkRouting
// MARK: - Stand-ins: SwiftUI
// SwiftUI is not on Linux, and SwiftPM builds snippets for the host only, so there the snippets compile against these
// stand-ins. They mirror SwiftUI's declarations as Swift sees them with Xcode 16 (iOS 18 SDK), for the API the
// snippets use: main-actor views whose `body` is built by `ViewBuilder`, `Text`, `NavigationStack`, and the modifiers
// `onOpenURL(perform:)` and `onAppear(perform:)`. Only SwiftUI delivers a view's events: the drivers send them with
// `standInSend(_:)`, which is no SwiftUI API, so those drivers are compiled only where SwiftUI is missing.
import Foundation

enum StandInViewEvent {
    case appear
    case openURL(URL)
}
@MainActor protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
    /// Delivers an event to the view's modifiers, as SwiftUI would (no SwiftUI API).
    func standInSend(_ event: StandInViewEvent)
}
extension View {
    func standInSend(_ event: StandInViewEvent) { body.standInSend(event) }
}
extension Never: View {
    var body: Never { fatalError("Never has no body") }
    func standInSend(_ event: StandInViewEvent) {}
}
@resultBuilder enum ViewBuilder {
    static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}
struct Text: View {
    init(_ content: String) {}
    var body: Never { fatalError("Text has no body") }
    func standInSend(_ event: StandInViewEvent) {}
}
struct NavigationStack<Root: View>: View {
    private let root: Root
    init(@ViewBuilder root: () -> Root) { self.root = root() }
    var body: Never { fatalError("NavigationStack has no body") }
    func standInSend(_ event: StandInViewEvent) { root.standInSend(event) }
}
struct StandInModifiedView<Content: View>: View {
    let content: Content
    let handle: (StandInViewEvent) -> Void
    var body: Never { fatalError("a modified view has no body") }
    func standInSend(_ event: StandInViewEvent) {
        handle(event)
        content.standInSend(event)
    }
}
extension View {
    func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        StandInModifiedView(content: self) { if case .openURL(let url) = $0 { action(url) } }
    }
    func onAppear(perform action: (() -> Void)? = nil) -> some View {
        StandInModifiedView(content: self) { if case .appear = $0 { action?() } }
    }
}
// MARK: - End of stand-ins: SwiftUI
#endif

enum Links {
    static let table: RouteTable = {
        var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
        builder.add("promotion", "/promotion/:id")
        return try! builder.build()
    }()
}
// snippet.show

/// The app's navigation state and its links: one dispatcher, ready once the navigation stack exists.
@MainActor final class AppModel {
    var path: [String] = []

    lazy var links: LinkDispatcher = {
        var links = LinkDispatcher(table: Links.table, startsReady: false, openInBrowser: { _ in })
        try! links.register("promotion") { [unowned self] link in
            self.path.append("promotion/" + link.parameters["id"]!)
        }
        return links
    }()
}

struct ShopView: View {
    let model: AppModel

    var body: some View {
        NavigationStack {
            Text("Shop")
        }
        .onAppear { model.links.markReady() }          // the navigation state exists: held links open now
        .onOpenURL { url in model.links.open(url) }    // at a cold start this comes first: the link waits
    }
}
// snippet.hide

#if !canImport(SwiftUI)
// The driver (without SwiftUI only: it sends the events SwiftUI sends). A cold start: the link comes before the view
// appears; then a link while the app runs.
let model = AppModel()
let view = ShopView(model: model)
view.standInSend(.openURL(URL(string: "https://example.com/promotion/7")!))
guard model.path.isEmpty else { fatalError("the link opened before the navigation state existed") }
view.standInSend(.appear)
view.standInSend(.openURL(URL(string: "shop://promotion/8")!))
guard model.path == ["promotion/7", "promotion/8"] else { fatalError("path \(model.path)") }
#endif
