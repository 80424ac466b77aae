import Observation
import PerceptionCore
import Synchronization

/// One tracking implementation, so that a scenario can run against native Observation and
/// against Perception and their results can be compared.
protocol TrackingEngine {
  associatedtype Model: TestSubject
  static var name: String { get }
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T
}

enum NativeEngine: TrackingEngine {
  typealias Model = NativeModel
  static var name: String { "native" }
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withObservationTracking(apply, onChange: onChange)
  }
}

enum PerceptionEngine: TrackingEngine {
  typealias Model = PerceptionModel
  static var name: String { "perception" }
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withPerceptionTracking(apply, onChange: onChange)
  }
}

/// A thread-safe list of what happened, in order.
final class EventLog: Sendable {
  private let events = Mutex<[String]>([])

  func append(_ event: String) {
    events.withLock { $0.append(event) }
  }

  func append(contentsOf newEvents: some Sequence<String>) {
    let newEvents = Array(newEvents)
    events.withLock { $0.append(contentsOf: newEvents) }
  }

  func clear() {
    events.withLock { $0.removeAll() }
  }

  var all: [String] { events.withLock { $0 } }

  func count(of event: String) -> Int { all.filter { $0 == event }.count }
}

/// An object whose only job is to be released, so a test can see who still holds it.
final class Probe: Sendable {}
