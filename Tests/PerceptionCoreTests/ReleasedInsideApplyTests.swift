import PerceptionCore
import Testing

/// A tracking whose only subject is released inside `apply` must not outlive the call: found by
/// perception-stress under AddressSanitizer on the native engine, where it leaks.
@Suite("Subject released inside apply")
struct ReleasedInsideApplyTests {
  /// Whether `track` still holds the probe its callback captured once everything is gone.
  private func leaks(_ track: (Probe) -> Void) -> Bool {
    weak var weakProbe: Probe?
    do {
      let probe = Probe()
      weakProbe = probe
      track(probe)
    }
    return weakProbe != nil
  }

  private func expectNoLeak(_ leaked: Bool) {
    // Below SE-0506 the native engine's scope beside Observation (`NativeTrackingPlan`) keeps
    // each object's registrar until Observation has installed the tracking, whose registration
    // then goes with it; where nothing runs beside Observation (SE-0506, which also reports the
    // release), the known issue stays.
    if PerceptionEngine.current == .native && PerceptionEngine.onChangeHearsReleases {
      // Native Observation registers the tracking on the dead object's registrar state after
      // `apply`, where it and the tracking hold each other and nothing ever cancels them.
      withKnownIssue("native Observation leaks a tracking whose subject died inside apply") {
        #expect(!leaked)
      }
    } else {
      #expect(!leaked)
    }
  }

  @Test func oneShotReleasesItsCallback() {
    expectNoLeak(
      leaks { probe in
        var model: PerceptionModel? = PerceptionModel()
        withPerceptionTracking {
          _ = model!.count
          model = nil
        } onChange: {
          _ = probe
        }
      })
  }

  @Test func willSetDidSetReleasesItsCallbacks() {
    expectNoLeak(
      leaks { probe in
        var model: PerceptionModel? = PerceptionModel()
        withPerceptionTracking {
          _ = model!.count
          model = nil
        } willSet: { _ in
          _ = probe
        } didSet: { _ in
          _ = probe
        }
      })
  }
}
