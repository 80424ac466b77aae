import Foundation
import Observation
import PerceptionCore

/// One tracking implementation, so that a scenario can run against native Observation and
/// against Perception and their results can be compared.
protocol TrackingEngine {
  associatedtype Model: TestSubject
  static var name: String { get }
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T
}

enum NativeTracker: TrackingEngine {
  typealias Model = NativeModel
  static var name: String { "native" }
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withObservationTracking(apply, onChange: onChange)
  }
}

/// Perception's tracking over native `@Observable` models, which it observes wherever
/// Observation exists, on either engine.
enum PerceptionOverObservableTracker: TrackingEngine {
  typealias Model = NativeModel
  static var name: String { "perception over @Observable" }
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withPerceptionTracking(apply, onChange: onChange)
  }
}

enum PerceptionTracker: TrackingEngine {
  typealias Model = PerceptionModel
  static var name: String { "perception" }
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withPerceptionTracking(apply, onChange: onChange)
  }
}

/// A thread-safe list of what happened, in order.
///
/// Guarded by `NSLock`, a pthread mutex that ThreadSanitizer understands (it does not see the
/// futex under `Synchronization.Mutex` on Linux).
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []

  func append(_ event: String) {
    lock.withLock { events.append(event) }
  }

  func append(contentsOf newEvents: some Sequence<String>) {
    let newEvents = Array(newEvents)
    lock.withLock { events.append(contentsOf: newEvents) }
  }

  func clear() {
    lock.withLock { events.removeAll() }
  }

  var all: [String] { lock.withLock { events } }

  func count(of event: String) -> Int { all.filter { $0 == event }.count }
}

/// An object whose only job is to be released, so a test can see who still holds it.
final class Probe: Sendable {}
