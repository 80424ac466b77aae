/// Where a tracking was installed while tracing was on: the tracking API, such as
/// `withPerceptionTracking(_:onChange:)`, the installing stack, innermost first (named only if
/// a callback fires), and the origin a tracking view or sequence set around it.
final class TraceSite: Sendable {
  let tracking: String
  let frames: [UInt]
  let origin: TraceOrigin?

  init(tracking: String, frames: [UInt], origin: TraceOrigin?) {
    self.tracking = tracking
    self.frames = frames
    self.origin = origin
  }

  static func capture(tracking: String) -> TraceSite? {
    guard TraceSwitch.isEnabled else { return nil }
    return TraceSite(
      tracking: tracking, frames: TraceOrigin.captureFrames(), origin: TraceOrigin.current)
  }

  var installer: String? { TraceOrigin.caller(in: frames) }
}

/// What installs trackings on its own behalf (a `Perceptions` sequence, a continuous tracking,
/// a tracking view), captured where it is created while tracing is on.
struct TraceOrigin: Sendable {
  /// Such as `Perceptions` or `WithPerceptionTracking`.
  let kind: String
  let frames: [UInt]

  @TaskLocal static var current: TraceOrigin?

  static func capture(kind: String) -> TraceOrigin? {
    guard TraceSwitch.isEnabled else { return nil }
    return TraceOrigin(kind: kind, frames: captureFrames())
  }

  /// An origin without a stack: a view marked `@WithPerceptionTracking`, whose tracking is made
  /// in generated code.
  static func named(_ name: () -> String) -> TraceOrigin? {
    guard TraceSwitch.isEnabled else { return nil }
    return TraceOrigin(kind: name(), frames: [])
  }

  static func withCurrent<T>(_ origin: TraceOrigin?, _ body: () throws -> T) rethrows -> T {
    guard let origin else { return try body() }
    return try $current.withValue(origin, operation: body)
  }

  /// `Perceptions made in Screen.observe`, or the kind alone when the creator has no name here.
  var description: String {
    guard let caller = TraceOrigin.caller(in: frames) else { return kind }
    return kind == "WithPerceptionTracking" ? "\(kind) in \(caller)" : "\(kind) made in \(caller)"
  }

  /// At most 64 frames: enough to get past the library's own, unoptimized too.
  static func captureFrames() -> [UInt] {
    CallStack.withFrames { frames in frames.prefix(64).map { UInt(bitPattern: $0) } }
  }

  /// The innermost named frame outside the library, Swift's runtime and the system's, as a
  /// developer searches for it (`Screen.reload`); nil where no symbols are found at run time.
  static func caller(in frames: [UInt]) -> String? {
    frames.lazy.compactMap(developerName(at:)).first
  }

  // Cached, under `lock`: naming a frame is slow, and a program installs its trackings from a
  // few places. Nil for a frame of the library or the system, or without a name.
  private static let lock = Lock()
  nonisolated(unsafe) private static var names: [UInt: String?] = [:]

  private static func developerName(at address: UInt) -> String? {
    if let known = lock.withLock({ names[address] }) { return known }
    var name: String?
    if let pointer = UnsafeRawPointer(bitPattern: address),
      let symbol = CallStack.describe(pointer).symbol
    {
      let demangled = CallStack.demangle(symbol)
      name = isLibraryFrame(demangled) ? nil : developerName(demangled)
    }
    lock.withLock {
      // Bounded, for a program whose stacks never repeat.
      if names.count >= 4096 { names.removeAll(keepingCapacity: true) }
      names[address] = name
    }
    return name
  }

  static func isLibraryFrame(_ demangled: String) -> Bool {
    let systemPrefixes = [
      "reabstraction thunk", "thunk for", "partial apply", "merged ", "outlined ", "__libc_",
      "_start", "start_thread", "thread_start", "_dispatch", "dispatch_", "swift::", "__swift",
      "swift_", "perception_", "completeTask", "_pthread", "clone", "$s", "_$s",
      // Sanitizers intercept the stack capture itself.
      "__interceptor_", "__sanitizer", "__tsan", "__asan", "wrap_",
    ]
    if systemPrefixes.contains(where: { demangled.hasPrefix($0) }) { return true }
    let function = qualifiedName(demangled)
    let libraryPrefixes = ["PerceptionCore.", "Observation.", "Swift.", "_Concurrency."]
    if libraryPrefixes.contains(where: { function.hasPrefix($0) }) { return true }
    // The SwiftUI shells, which the SwiftUI stand-in's tests compile into their own module.
    return function.firstRange(matching: "WithPerceptionTracking") != nil
  }

  /// The function a demangled frame is in, qualified, without parameters: `App.Screen.reload`
  /// for `closure #1 () -> () in App.Screen.reload() -> ()`, `App.ContentView.body` for
  /// `App.ContentView.body.getter : some View`.
  static func qualifiedName(_ demangled: String) -> Substring {
    var name = Substring(demangled)
    if let range = name.lastRange(matching: " in ") { name = name[range.upperBound...] }
    // Specialization prefixes such as `generic specialization <...> of `.
    if let range = name.lastRange(matching: " of ") { name = name[range.upperBound...] }
    for prefix in ["static ", "protocol witness for ", "@objc "] where name.hasPrefix(prefix) {
      name = name.dropFirst(prefix.count)
    }
    for marker in ["(", "<", ".getter", ".setter", ".modify", " : "] {
      if let range = name.firstRange(matching: marker) { name = name[..<range.lowerBound] }
    }
    return name
  }

  static func developerName(_ demangled: String) -> String {
    let name = qualifiedName(demangled)
    let parts = name.split(separator: ".", maxSplits: 1)
    return String(parts.count == 2 ? parts[1] : name)
  }
}
