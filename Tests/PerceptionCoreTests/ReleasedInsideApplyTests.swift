import PerceptionCore
import Testing

/// A tracking whose only subject is released inside `apply` must not outlive the call: found by
/// perception-stress under AddressSanitizer on the native engine, where it leaked while the
/// `ObservationRegistrar` lived in its own box. Now it shares its allocation with the Perception
/// registrar, which the scope's access list keeps alive until Observation has installed its
/// tracking; the registrar's release then takes that tracking with it.
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
    #expect(!leaked)
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
