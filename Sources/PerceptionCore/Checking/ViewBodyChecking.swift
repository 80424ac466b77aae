/// Checking of SwiftUI bodies nobody wrapped, where Perception's engine runs: no code of ours
/// runs around them, so the main thread's slot carries `CheckingSlot.viewBodies` for good, and
/// an untracked read there asks `ViewBodyDetector` whether it is in a view body.
enum ViewBodyChecking {
  /// The detector for AttributeGraph, which evaluates SwiftUI's bodies; nil without SwiftUI.
  static let platformDetector: ViewBodyDetector? =
    Platform.hasSwiftUIRenderEngine
    ? ViewBodyDetector { frame in
      frame.image?.hasSuffix("/AttributeGraph") ?? false
    } : nil

  /// Replaces the platform's detector in its scope (tests).
  @TaskLocal static var detectorOverride: ViewBodyDetector?

  static func verdict(readType: Any.Type) -> ViewBodyDetector.Verdict {
    guard let detector = detectorOverride ?? platformDetector else { return .outside }
    return detector.verdictForCurrentStack(readType: readType)
  }

  /// Called as each registrar is created, before any read of its object.
  @inline(__always)
  static func watchMainThreadIfNeeded() {
    guard DebugBuild.isActive, Platform.hasSwiftUIRenderEngine, !PerceptionEngine.isNative else {
      return
    }
    watchThread(ifMain: CurrentThread.isMain)
  }

  /// Only a thread in no scope and no checked context is marked: those restore the slot they
  /// found when they end, which would undo the mark; a later registrar marks it then.
  static func watchThread(ifMain isMain: Bool) {
    guard isMain, ThreadLocal.slot == 0, CheckingSwitch.shared.isEnabled else { return }
    ThreadLocal.slot = CheckingSlot.viewBodies
  }
}
