import Perception

// `swift run perception-example`: what Perception does, in one short run. Every step waits for
// the one before it to be seen, so the output is the same on every run and on either engine
// (PERCEPTION_ENGINE=perception|native).

/// The model: a class made perceptible, as `@Observable` makes a class observable.
@Perceptible
final class Scoreboard {
  var player = "Ada"
  var score = 0
}

// Top-level code and its globals run on the main actor, so the closures below that inherit
// the main actor (tasks, `Perceptions`, continuous tracking) read the model directly.
let board = Scoreboard()

// 1. Which engine runs this process: Perception's own runtime (Linux, older Apple systems) or
//    Swift's Observation (iOS 17, macOS 14 and later).
print("engine: \(PerceptionEngine.current)")

// 2. A one-shot tracking: `onChange` runs once, before the first change to what `apply` read.
print("\n-- withPerceptionTracking")
withPerceptionTracking {
  print("read score = \(board.score)")
} onChange: {
  print("onChange: score will change")
}
board.score += 1
board.score += 1  // nothing: the tracking has fired

// 3. A willSet/didSet options tracking: the first change, before and after it.
print("\n-- withPerceptionTracking(options: [.willSet, .didSet])")
withPerceptionTracking(options: [.willSet, .didSet]) {
  _ = board.score
} onChange: { event in
  let kind = event.kind == .willSet ? "willSet" : "didSet"
  print("\(kind), matches \\.score: \(event.matches(\Scoreboard.score))")
}
board.score = 10

// 4. `Perceptions`: an AsyncSequence of the closure's value, the current value first, then one
//    element after each change, while another task (here, the main code) writes.
print("\n-- Perceptions")
await perceptionsWhileAnotherTaskWrites()

// 5. Continuous tracking: `apply` runs now (`.initial`) and after every change, until the token
//    is cancelled.
print("\n-- withContinuousPerception(options: [.didSet])")
await continuousTracking()

/// Iterates `Perceptions` in a task while the caller changes the score, one change each time the
/// task has printed the last one.
@MainActor
func perceptionsWhileAnotherTaskWrites() async {
  let (printed, printedContinuation) = AsyncStream.makeStream(of: Void.self)
  var printedValues = printed.makeAsyncIterator()
  let consumer = Task {
    for await score in Perceptions({ board.score }) {
      print("Perceptions: score = \(score)")
      printedContinuation.yield()
      if score == 13 { break }
    }
  }
  await printedValues.next(isolation: #isolation)  // the first element: the current value
  for _ in 1...3 {
    board.score += 1
    await printedValues.next(isolation: #isolation)
  }
  await consumer.value
}

/// Runs a continuous tracking of the player and the score through two changes, then cancels it.
@MainActor
func continuousTracking() async {
  let (printed, printedContinuation) = AsyncStream.makeStream(of: Void.self)
  var printedValues = printed.makeAsyncIterator()
  let token = withContinuousPerception(options: [.didSet]) { event in
    let kind = event.kind == .initial ? "initial" : "didSet"
    print("\(kind): \(board.player) has \(board.score)")
    printedContinuation.yield()
  }
  await printedValues.next(isolation: #isolation)
  board.player = "Grace"
  await printedValues.next(isolation: #isolation)
  board.score = 42
  await printedValues.next(isolation: #isolation)
  token.cancel()
  board.score = 0  // nothing: cancelled
}

// 6. Perception checking (debug builds): a read in a checked context that no tracking observes
//    is reported, here to a handler; without one, it fails the running test where the test
//    target links PerceptionTestSupport, else it goes to standard error.
print("\n-- withPerceptionChecking")
PerceptionChecking.withReportHandler { report in
  print("report: \(report.property)")
  print(report.description)
} operation: {
  withPerceptionChecking {
    _ = board.player  // reported: nothing tracks this read
    withPerceptionTracking {
      _ = board.score  // not reported: tracked
    } onChange: {
    }
  }
}
#if !DEBUG
  print("(no report: release builds compile perception checking out)")
#endif
