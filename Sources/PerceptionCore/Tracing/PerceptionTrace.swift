/// One tracking callback about to run, as the change trace (``PerceptionTracing``) records it:
/// which property changed and how, on which thread, and which tracking, installed where, is told.
public struct PerceptionTrace: Sendable, Hashable, CustomStringConvertible {
  /// What happened to the property.
  public enum Event: Sendable, Hashable {
    /// The property is about to change.
    case willSet
    /// The property has changed.
    case didSet
    /// The object the tracking observed was released.
    case `deinit`

    var name: String {
      switch self {
      case .willSet: "willSet"
      case .didSet: "didSet"
      case .deinit: "deinit"
      }
    }
  }

  /// The name of the changed property's type, such as `Model`; nil for a release.
  public let typeName: String?
  /// The changed property's name, such as `count`, as checking's reports name it; nil if none.
  public let propertyName: String?
  let keyPathDescription: String?
  /// The event.
  public let event: Event
  /// Whether the callback runs on the main thread.
  public let isMainThread: Bool
  /// The system's identifier of the thread the callback runs on.
  public let threadID: UInt64
  /// The tracking API, such as `withPerceptionTracking(_:onChange:)`.
  public let tracking: String
  /// The function that called the tracking API, such as `Screen.reload()`; nil where the
  /// program's symbols cannot be found at run time.
  public let installer: String?
  /// What installed the tracking on its own behalf, and where it was made, such as
  /// `Perceptions made in Screen.observe()` or `WithPerceptionTracking in ContentView.body`;
  /// nil for a direct call.
  public let origin: String?

  /// `Type.property`, or nil for a release.
  public var property: String? {
    typeName.map { "\($0).\(propertyName ?? keyPathDescription ?? "?")" }
  }

  /// The whole trace, on one line.
  public var description: String {
    let thread = isMainThread ? "main thread" : "thread \(threadID)"
    var line = "Perception trace: "
    if let property {
      line += "\(property) \(event.name) on \(thread)"
    } else {
      line += "an observed object was released, on \(thread)"
    }
    line += " -> \(tracking)"
    if let installer { line += " installed in \(installer)" }
    if let origin { line += " for \(origin)" }
    return line
  }

  init(site: TraceSite, event: Event, keyPath: AnyKeyPath?, isMainThread: Bool, threadID: UInt64) {
    let name = keyPath.map(PropertyName.init)
    typeName = name?.typeName
    propertyName = name?.propertyName
    keyPathDescription = name?.keyPathDescription
    self.event = event
    self.isMainThread = isMainThread
    self.threadID = threadID
    tracking = site.tracking
    installer = site.installer
    origin = site.origin?.description
  }
}
