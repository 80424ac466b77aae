// Client corpus: `Perceptions` iterated in async functions, on the main actor and off it, and
// `Perceptions.untilFinished`.
import Perception

/// Iterates the counts of a `Sendable` model from a nonisolated async function.
func printCounts(of counter: SharedCounter) async {
  for await count in Perceptions({ counter.count }) {
    print("count is", count)
    if count >= 3 { break }
  }
}

/// Iterates the values of a main-actor model on the main actor.
@MainActor
func watchSettings(_ settings: SettingsModel) async {
  let volumes = Perceptions { settings.volume }
  for await volume in volumes {
    print("volume", volume)
    if volume >= 1 { break }
  }
}

/// A sequence that ends when the closure says so.
@MainActor
func untilDone(_ settings: SettingsModel) async -> [String] {
  var names: [String] = []
  let sequence = Perceptions<String, Never>.untilFinished {
    settings.username == "done" ? .finish : .next(settings.username)
  }
  for await name in sequence {
    names.append(name)
  }
  return names
}

/// A throwing sequence, iterated with `try`.
struct Overflow: Error {}

func counts(of counter: SharedCounter) async throws -> Int {
  var last = 0
  let sequence = Perceptions { () throws(Overflow) -> Int in
    if counter.count > 100 { throw Overflow() }
    return counter.count
  }
  for try await count in sequence {
    last = count
    if count >= 10 { break }
  }
  return last
}

/// The iterator by hand, as a library drives it.
func firstTwo(_ counter: SharedCounter) async -> [Int] {
  var iterator = Perceptions { counter.count }.makeAsyncIterator()
  var values: [Int] = []
  if let first = await iterator.next() { values.append(first) }
  if let second = await iterator.next() { values.append(second) }
  return values
}

/// In a task, as apps start them.
@MainActor
func startWatching(_ settings: SettingsModel) -> Task<Void, Never> {
  Task {
    for await enabled in Perceptions({ settings.notificationsEnabled }) {
      print("notifications", enabled)
    }
  }
}
