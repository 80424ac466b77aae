import Foundation
import Testing

@testable import PerceptionCore

/// Every misuse of the public API stops the process with a message that says what went wrong
/// and what to do instead. Each case runs in its own process, which must fail and say so.
///
/// One misuse cannot be tested here, because Linux has Swift's Observation: `select(.native)`
/// on a system without it (iOS 16, macOS 13 and earlier), a precondition in `PerceptionEngine`.
@Suite("Misuse")
struct MisuseTests {
  #if compiler(>=6.2)
    @Test func selectingAnotherEngineAfterARegistrarExists() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        unsetenv("PERCEPTION_ENGINE")
        _ = PerceptionRegistrar()
        PerceptionEngine.select(.perception)
      }
      expectMessage(
        result,
        [
          "select(.perception) was called after the native engine started",
          "PERCEPTION_ENGINE=perception",
        ])
    }

    @Test func selectingAnotherEngineAfterATrackingCall() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        setenv("PERCEPTION_ENGINE", "native", 1)
        withPerceptionTracking {
        } onChange: {
        }
        PerceptionEngine.select(.perception)
      }
      expectMessage(
        result,
        [
          "select(.perception) was called after the native engine started",
          "Select the engine once at launch",
        ])
    }

    @Test func selectingAnotherEngineAfterReadingTheCurrentOne() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        unsetenv("PERCEPTION_ENGINE")
        _ = PerceptionEngine.current
        PerceptionEngine.select(.perception)
      }
      expectMessage(result, ["a read of PerceptionEngine.current already settled it"])
    }

    @Test func selectingTwoDifferentEnginesBeforeEitherRuns() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        PerceptionEngine.select(.perception)
        PerceptionEngine.select(.native)
      }
      expectMessage(
        result,
        ["select(.native) was called after PerceptionEngine.select(.perception)", "Select it once"])
    }

    @Test func selectingTheSameEngineTwiceBeforeItRunsIsFine() async {
      await #expect(processExitsWith: .success) {
        unsetenv("PERCEPTION_ENGINE")
        PerceptionEngine.select(.native)
        PerceptionEngine.select(.native)
        _ = PerceptionRegistrar()
        PerceptionEngine.select(.native)
        if PerceptionEngine.current != .native { exit(1) }
      }
    }

    @Test func cancellingTwiceAndFromInsideCallbacksIsNotMisuse() async {
      await #expect(processExitsWith: .success) {
        let model = AnnouncingModel()
        withPerceptionTracking {
          _ = model.value
        } willSet: { tracking in
          tracking.cancel()
          tracking.cancel()
        }
        model.value = 1
        model.value = 2
      }
    }

    /// Checks that the failed process's standard error holds every one of `fragments`.
    private func expectMessage(
      _ result: ExitTest.Result?, _ fragments: [String],
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      for fragment in fragments {
        #expect(
          message.contains(fragment), "missing \"\(fragment)\" in: \(message)",
          sourceLocation: sourceLocation)
      }
    }
  #endif
}

/// Announces each write with `willSet` and `didSet` alone.
final class AnnouncingModel: Perceptible, @unchecked Sendable {
  let registrar = PerceptionRegistrar()
  var value: Int {
    get {
      registrar.access(self, keyPath: \.value)
      return 0
    }
    set {
      registrar.willSet(self, keyPath: \.value)
      registrar.didSet(self, keyPath: \.value)
    }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension AnnouncingModel: Observable {}
