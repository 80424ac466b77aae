// Client corpus: the SE-0506 back-ports: `withPerceptionTracking(options:_:onChange:)` with
// the event's kind, `matches` and `cancel()`, and `withContinuousPerception(options:apply:)`
// with its token.
import Perception

func trackWithOptions(_ counter: SharedCounter) {
  withPerceptionTracking(options: [.willSet, .didSet]) {
    _ = counter.count
    _ = counter.label
  } onChange: { event in
    if event.kind == .willSet {
      print("will change")
      if event.matches(\SharedCounter.label) { event.cancel() }
    } else if event.kind == .didSet {
      print("count is now", counter.count)
    }
  }
}

func trackReleases(_ counter: SharedCounter) {
  let options: PerceptionTracking.Options = [.didSet, .deinit]
  let value = withPerceptionTracking(options: options) {
    counter.count
  } onChange: { event in
    switch event.kind {
    case .deinit: print("released")
    case .didSet: print("changed:", event.matches(\SharedCounter.count))
    default: break
    }
  }
  print(value)
}

struct Invalid: Error {}

func trackThrowing(_ counter: SharedCounter) throws -> Int {
  try withPerceptionTracking(options: .didSet) { () throws(Invalid) -> Int in
    if counter.count < 0 { throw Invalid() }
    return counter.count
  } onChange: { _ in
    print("changed")
  }
}

/// A continuous tracking kept by an object, as a view controller keeps it.
@MainActor
final class CounterController {
  let counter: SharedCounter
  var token: PerceptionTracking.Token?

  init(counter: SharedCounter) {
    self.counter = counter
  }

  func start() {
    token = withContinuousPerception(options: [.didSet]) { [counter] event in
      if event.kind == .initial {
        print("initial", counter.count)
      } else if event.matches(\SharedCounter.count) {
        print("count is", counter.count)
      }
      if counter.count > 100 { event.cancel() }
    }
  }

  /// Dropping the token ends the tracking.
  func stop() {
    token = nil
  }
}

/// A continuous tracking from a nonisolated function; the token ends it when dropped.
func watchLabel(_ counter: SharedCounter) async {
  let token = withContinuousPerception(options: [.willSet, .didSet]) { event in
    print(event.kind == .willSet ? "label will change" : "label:", counter.label)
  }
  try? await Task.sleep(nanoseconds: 1_000_000)
  token.cancel()
}
