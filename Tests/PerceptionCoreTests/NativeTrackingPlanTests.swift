import Observation
import Testing

@testable import PerceptionCore

/// The native engine's one decision: which path each tracking call takes, with and without
/// SE-0506 in the system's Observation. Linux's toolchain (6.3.1) has no SE-0506, so the
/// decision function is driven with both answers here; the SE-0506 paths themselves are
/// compiled only by a 6.4 toolchain.
@Suite("Native tracking plan")
struct NativeTrackingPlanTests {
  private let before27 = NativeObservationFeatures(hasAdvancedTracking: false)
  private let from27 = NativeObservationFeatures(hasAdvancedTracking: true)

  @Test func aOneShotRunsOnObservationsOneShotTrackingBesidePerceptionBefore27() {
    #expect(NativeTrackingPlan.plan(for: .onChange, features: before27) == .observationOnce)
    // From 27, on SE-0506's tracking with .deinit, so that a release still calls it once.
    #expect(
      NativeTrackingPlan.plan(for: .onChange, features: from27) == .observationOnceOrRelease)
  }

  @Test func willSetAndDidSetTrackingsRunBesidePerceptionBefore27() {
    #expect(
      NativeTrackingPlan.plan(for: .events, features: before27)
        == .observationEvents(perceptionBeside: true))
    #expect(
      NativeTrackingPlan.plan(for: .events, features: from27)
        == .observationEvents(perceptionBeside: false))
  }

  @Test func optionsWithoutDeinitRunOnTheWillSetDidSetTracking() {
    let sets: [PerceptionTracking.Options] = [[.willSet], [.didSet], [.willSet, .didSet], []]
    for options in sets {
      for features in [before27, from27] {
        #expect(
          NativeTrackingPlan.plan(for: .options(options), features: features)
            == .observationEvents(perceptionBeside: features == before27))
      }
    }
  }

  @Test func deinitComesFromPerceptionBefore27AndFromObservationFrom27() {
    let sets: [PerceptionTracking.Options] = [
      [.deinit], [.willSet, .deinit], [.willSet, .didSet, .deinit],
    ]
    for options in sets {
      #expect(
        NativeTrackingPlan.plan(for: .options(options), features: before27)
          == .observationEvents(perceptionBeside: true))
      #expect(
        NativeTrackingPlan.plan(for: .options(options), features: from27) == .observationOptions)
    }
  }

  @Test func thisToolchainsAnswerComesFromTheCompilerAndTheSystem() {
    #if compiler(>=6.4)
      #expect(NativeObservationFeatures.mayHaveAdvancedTracking)
    #else
      #expect(!NativeObservationFeatures.mayHaveAdvancedTracking)
      #expect(NativeObservationFeatures.current == before27)
    #endif
    if !NativeObservationFeatures.mayHaveAdvancedTracking {
      #expect(NativeTrackingPlan.plan(for: .onChange, features: .current) == .observationOnce)
    }
  }

  @Test func whatAOneShotHearsOfReleasesFollowsTheEngineAndThePlan() {
    let expected =
      PerceptionEngine.current == .perception
      || NativeTrackingPlan.plan(for: .onChange, features: .current) == .observationOnceOrRelease
    #expect(PerceptionEngine.onChangeHearsReleases == expected)
  }
}

/// The native engine's per-object Perception registrar exists only once a tracking that asked
/// for releases read the object.
@Suite("Native engine's lazy registrar")
struct NativeLazyRegistrarTests {
  /// The box of `registrar`, on the native engine.
  private func box(_ registrar: PerceptionRegistrar) -> NativeRegistrarStorage? {
    guard PerceptionEngine.current == .native else { return nil }
    return registrar.storage as? NativeRegistrarStorage
  }

  @Test func onlyAReadThatWantsReleasesMakesIt() {
    let model = Gauge()
    guard let box = box(model.registrar) else { return }
    #expect(!box.hasPerceptionRegistrar)
    _ = model.trackedLevel
    withPerceptionTracking {
      _ = model.trackedLevel
    } onChange: {
    }
    withPerceptionTracking {
      _ = model.trackedLevel
    } willSet: {
      $0.cancel()
    }
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = model.trackedLevel
    } onChange: { _ in
    }
    model.set(model.level + 1)
    #expect(!box.hasPerceptionRegistrar, "no tracking above asked for releases")
    let releases = NativeTrackingPlan.plan(for: .options([.deinit]), features: .current)
    withPerceptionTracking(options: [.deinit]) {
      _ = model.trackedLevel
    } onChange: { _ in
    }
    #expect(
      box.hasPerceptionRegistrar
        == (releases == .observationEvents(perceptionBeside: true)))
  }

  @Test func uncheckedRegistrarsStayUncheckedOnEveryEngine() {
    #expect(
      PerceptionRegistrar(isPerceptionCheckingEnabled: false)._isPerceptionCheckingEnabled == false)
    #expect(PerceptionRegistrar(isPerceptionCheckingEnabled: true)._isPerceptionCheckingEnabled)
  }
}

extension NativeRegistrarStorage {
  /// Whether a read that wants releases has made the box's Perception registrar.
  var hasPerceptionRegistrar: Bool {
    Self.lazyLock.withLock { lazyPerception != nil }
  }
}
