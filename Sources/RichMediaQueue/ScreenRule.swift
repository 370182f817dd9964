/// Where an item may appear, by the names of the app's screens (contract rules 16 and 17).
///
/// The app tells the queue which screen the user is on with ``PresentationQueue/setScreen(_:)`` (a name of its
/// choosing, or `nil` for none, which is where a queue starts). An item enqueued with a rule is presented only
/// while the current screen allows it; until then it keeps its place and waits (that uses no attempt and does
/// not count toward the frequency cap; its ttl keeps running).
///
/// - ``on``: the screens the item may appear on; `nil` (the default) is any screen. An item with `on` never
///   appears while the screen is none.
/// - ``notOn``: the screens it must not appear on. Both may be given; both apply.
/// - ``dismissOnLeave``: when the screen changes to one the item on screen does not allow, the queue asks the
///   presenter to dismiss it and it ends as closed with reason ``CloseReason/leftScreen`` (whether or not it was
///   reported presented; it counts as shown, so the minimum interval starts). Without it the item stays until it
///   closes.
///
/// <!-- snippet: ScreenRuleDocExample -->
/// ```swift
/// await queue.enqueue(promo, screens: .on("home", "feed", dismissOnLeave: true))
/// await queue.enqueue(survey, screens: .notOn("checkout", "login"))
/// await queue.setScreen("checkout")   // promo is dismissed (left-screen); survey waits
/// ```
public struct ScreenRule: Sendable, Hashable, Codable {
    /// The screens the item may appear on; `nil` for any screen (and no screen).
    public var on: Set<String>?
    /// The screens the item must not appear on.
    public var notOn: Set<String>
    /// Whether changing to a screen the item does not allow, while it is on screen, dismisses it (rule 17).
    public var dismissOnLeave: Bool

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - on: The screens the item may appear on, or `nil` for any screen. An empty set allows no screen.
    ///   - notOn: The screens it must not appear on.
    ///   - dismissOnLeave: Whether leaving for a screen it does not allow dismisses it.
    public init(on: Set<String>? = nil, notOn: Set<String> = [], dismissOnLeave: Bool = false) {
        self.on = on
        self.notOn = notOn
        self.dismissOnLeave = dismissOnLeave
    }

    /// Any screen, and no screen: the rule of an item enqueued without one.
    public static let anywhere = ScreenRule()

    /// Only these screens.
    ///
    /// - Parameters:
    ///   - screens: The screens the item may appear on.
    ///   - dismissOnLeave: Whether leaving for another screen dismisses it.
    /// - Returns: The rule.
    public static func on(_ screens: String..., dismissOnLeave: Bool = false) -> ScreenRule {
        ScreenRule(on: Set(screens), dismissOnLeave: dismissOnLeave)
    }

    /// Any screen but these (and no screen).
    ///
    /// - Parameters:
    ///   - screens: The screens the item must not appear on.
    ///   - dismissOnLeave: Whether leaving for one of them dismisses it.
    /// - Returns: The rule.
    public static func notOn(_ screens: String..., dismissOnLeave: Bool = false) -> ScreenRule {
        ScreenRule(notOn: Set(screens), dismissOnLeave: dismissOnLeave)
    }

    /// Whether an item with this rule may appear on `screen` (`nil`: no screen).
    ///
    /// - Parameter screen: The screen's name, or `nil`.
    /// - Returns: `true` when `screen` is not in ``notOn`` and, if ``on`` is given, in ``on``.
    public func allows(_ screen: String?) -> Bool {
        if let screen, notOn.contains(screen) { return false }
        guard let on else { return true }
        guard let screen else { return false }
        return on.contains(screen)
    }

    /// Whether the rule allows every screen (and none): no `on`, no `not-on`.
    var allowsAnywhere: Bool { on == nil && notOn.isEmpty }
}
