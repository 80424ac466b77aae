// Client corpus: `withPerceptionTracking(_:onChange:)` as apps and libraries call it, re-arming
// from `onChange`, and the event variants.
import Perception

/// One-shot tracking of a `Sendable` model.
func trackOnce(_ counter: SharedCounter) -> Int {
  withPerceptionTracking {
    counter.count
  } onChange: {
    print("count will change")
  }
}

/// Re-arms from `onChange` until the model says stop, as swift-navigation's `observe` does.
func observe(_ counter: SharedCounter, _ apply: @escaping @Sendable (Int) -> Void) {
  withPerceptionTracking {
    apply(counter.count)
  } onChange: {
    Task { @MainActor in
      if counter.label != "stop" { observe(counter, apply) }
    }
  }
}

/// A main-actor model read in the tracking, and the change handled back on the main actor.
@MainActor
func trackSettings(_ settings: SettingsModel, render: @escaping @MainActor () -> Void) {
  let volume = withPerceptionTracking {
    settings.volume
  } onChange: {
    Task { @MainActor in render() }
  }
  print("volume", volume)
}

/// A non-`Sendable` model from a nonisolated function: the change handler captures nothing.
func trackPlain() {
  let counter = CounterModel()
  withPerceptionTracking {
    _ = counter.count
    _ = counter.title
  } onChange: {
    print("changed")
  }
  counter.increment()
}

/// The `willSet:` / `didSet:` variants, with the tracking's changed key path and `cancel()`.
func trackEvents(_ counter: SharedCounter) {
  withPerceptionTracking {
    _ = counter.count
  } willSet: { tracking in
    if tracking.changed == \SharedCounter.count { print("count will change") }
  } didSet: { tracking in
    if counter.count > 10 { tracking.cancel() }
  }
  withPerceptionTracking {
    _ = counter.label
  } didSet: { tracking in
    tracking.cancel()
  }
}

/// Perception checking's switch and the task-local flags libraries read.
func perceptionChecking() {
  let previous = isPerceptionCheckingEnabled
  isPerceptionCheckingEnabled = false
  defer { isPerceptionCheckingEnabled = previous }
  _PerceptionLocals.$skipPerceptionChecking.withValue(true) {
    _ = CounterModel().count
  }
}
