/// Checking of unwrapped SwiftUI bodies, where Perception's engine runs: no code of ours runs
/// around them, so the main thread's slot carries `CheckingSlot.viewBodies` for good, and an
/// untracked read there asks `ViewBodyDetector` whether it is in a view body.
enum ViewBodyChecking {
  static let platformDetector: ViewBodyDetector? =
    Platform.hasSwiftUIRenderEngine
    ? ViewBodyDetector { frame in
      frame.image?.hasSuffix("/AttributeGraph") ?? false
    } : nil

  /// For tests.
  @TaskLocal static var detectorOverride: ViewBodyDetector?

  static func verdict(readType: Any.Type) -> ViewBodyDetector.Verdict {
    guard let detector = detectorOverride ?? platformDetector else { return .outside }
    return detector.verdictForCurrentStack(readType: readType)
  }

  /// Called by each registrar's init on Perception's runtime, before any read of its object.
  @inline(__always)
  static func watchMainThreadIfNeeded() {
    guard DebugBuild.isActive, Platform.hasSwiftUIRenderEngine else { return }
    watchThread(ifMain: CurrentThread.isMain)
  }

  /// Only a thread in no scope or checked context is marked: their end would undo the mark.
  static func watchThread(ifMain isMain: Bool) {
    guard isMain, ThreadLocal.slot == 0, CheckingSwitch.shared.isEnabled else { return }
    ThreadLocal.slot = CheckingSlot.viewBodies
  }
}
