/// Perception checking without a checked context, where SwiftUI does not track perceptible
/// models itself (wherever Perception's engine runs): a read in a view body that nobody
/// wrapped in `WithPerceptionTracking` is reported.
///
/// No code of ours runs around such a body, so the main thread is *watched* instead: its slot
/// carries `CheckingSlot.viewBodies` for good, so an untracked read there leaves the fast
/// path, and the reporter asks `ViewBodyDetector` whether the stack shows a view body under
/// SwiftUI's render engine. Other threads, and every thread where SwiftUI tracks the models or
/// is absent, are never watched.
enum ViewBodyChecking {
  /// The detector for AttributeGraph, which evaluates SwiftUI's bodies; nil without SwiftUI.
  static let platformDetector: ViewBodyDetector? =
    Platform.hasSwiftUIRenderEngine
    ? ViewBodyDetector { frame in
      frame.image?.hasSuffix("/AttributeGraph") ?? false
    } : nil

  /// Replaces the platform's detector in its scope (tests).
  @TaskLocal static var detectorOverride: ViewBodyDetector?

  /// The verdict of the detector in effect on a read of a property of `readType` at the
  /// calling thread's stack; `.outside` where there is none.
  static func verdict(readType: Any.Type) -> ViewBodyDetector.Verdict {
    guard let detector = detectorOverride ?? platformDetector else { return .outside }
    return detector.verdictForCurrentStack(readType: readType)
  }

  /// Watches the calling thread if it is SwiftUI's main thread and Perception's engine runs,
  /// in debug builds. Called as each registrar is created, before any read of its object.
  @inline(__always)
  static func watchMainThreadIfNeeded() {
    guard DebugBuild.isActive, Platform.hasSwiftUIRenderEngine, !PerceptionEngine.isNative else {
      return
    }
    watchThread(ifMain: CurrentThread.isMain)
  }

  /// Marks the calling thread's slot as watched if `isMain` and checking is on. Only a thread
  /// in no tracking scope and no checked context is marked: those restore the slot they found
  /// when they end, undoing the mark; a later registrar marks it then.
  static func watchThread(ifMain isMain: Bool) {
    guard isMain, ThreadLocal.slot == 0, CheckingSwitch.shared.isEnabled else { return }
    ThreadLocal.slot = CheckingSlot.viewBodies
  }
}
