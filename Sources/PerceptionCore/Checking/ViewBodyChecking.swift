/// Perception checking without a checked context: where SwiftUI does not track perceptible
/// models itself, a read in a view body that nobody wrapped in `WithPerceptionTracking` is
/// reported. That is wherever Perception's own engine runs: on iOS 13-16, macOS 10.15-13,
/// tvOS 13-16 and watchOS 6-9, and on later systems when a program selects it. (On the
/// native engine, SwiftUI observes the registrars through Observation.)
///
/// No code of ours runs when SwiftUI evaluates such a body, so nothing can open a checked
/// context around it. Instead the main thread is *watched*: its slot carries
/// `CheckingSlot.viewBodies` for good, so a read there that no tracking scope sees leaves the
/// one-load fast path, and the reporter asks the platform's `ViewBodyDetector` whether the
/// stack shows a view body under SwiftUI's render engine: decided once per distinct stack,
/// then a capture and a cache probe. Other threads, and every thread on newer systems and on
/// Linux, are never watched and pay nothing.
enum ViewBodyChecking {
  /// The detector for the platform's render engine: AttributeGraph, which evaluates SwiftUI's
  /// bodies on Apple platforms. Nil where there is no SwiftUI.
  static let platformDetector: ViewBodyDetector? =
    Platform.hasSwiftUIRenderEngine
    ? ViewBodyDetector { frame in
      frame.image?.hasSuffix("/AttributeGraph") ?? false
    } : nil

  /// A detector that replaces the platform's for the work in its scope (tests).
  @TaskLocal static var detectorOverride: ViewBodyDetector?

  /// The verdict on a read of a property of `readType` at the calling thread's stack, by the
  /// detector in effect; `.outside` where there is none.
  static func verdict(readType: Any.Type) -> ViewBodyDetector.Verdict {
    guard let detector = detectorOverride ?? platformDetector else { return .outside }
    return detector.verdictForCurrentStack(readType: readType)
  }

  /// Watches the calling thread if it is SwiftUI's main thread and SwiftUI does not track
  /// perceptible models (Perception's engine runs), in debug builds. Called as each registrar
  /// is created, which is cheap and happens before any read of its object.
  @inline(__always)
  static func watchMainThreadIfNeeded() {
    guard DebugBuild.isActive, Platform.hasSwiftUIRenderEngine, !PerceptionEngine.isNative else {
      return
    }
    watchThread(ifMain: CurrentThread.isMain)
  }

  /// Marks the calling thread's slot as watched if `isMain` and checking is on. Only a thread
  /// in no tracking scope and no checked context is marked: those put back the slot they
  /// found when they end, which would undo the mark; a later registrar marks it then.
  static func watchThread(ifMain isMain: Bool) {
    guard isMain, ThreadLocal.slot == 0, CheckingSwitch.shared.isEnabled else { return }
    ThreadLocal.slot = CheckingSlot.viewBodies
  }
}
