import PerceptionCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `Perceptions.Iterator.next()`, the requirement `AsyncIteratorProtocol` had before
/// `next(isolation:)`: swift-perception's iterator declares it, and ours must too, because the
/// standard library's default for it needs macOS 15 or iOS 18, later than this package's
/// minimum systems (where `for await` calls `next()`).
@Suite("Perceptions.Iterator.next()", .timeLimit(.minutes(1)))
struct PerceptionsIteratorNextTests {
  @MainActor
  @Test func givesTheElementsNextIsolationGives() async {
    let model = PerceptionModel()
    model.count = 3
    var iterator = Perceptions { model.count }.makeAsyncIterator()
    let first = await iterator.next()
    // Lands while `next()` waits for a change.
    Task { model.count = 4 }
    let second = await iterator.next()
    #expect(first == 3)
    #expect(second == 4)
  }

  @Test func endsAndThrowsAsNextIsolationDoes() async throws {
    struct Stop: Error {}
    var finished = Perceptions<Int, Never>.untilFinished { .finish }.makeAsyncIterator()
    #expect(await finished.next() == nil)
    var failing = Perceptions<Int, Stop> { () throws(Stop) -> Int in throw Stop() }
      .makeAsyncIterator()
    await #expect(throws: Stop.self) { try await failing.next() }
    #expect(try await failing.next() == nil)
  }

  #if os(Linux)
    /// On Linux the default `next()` is always available, so the calls above compile either
    /// way; what tells the iterator's own `next()` from the default is its symbol. The test
    /// binary exports its symbols (Package.swift links it with --export-dynamic).
    @Test func theIteratorDeclaresItsOwnNext() {
      let name = "$s14PerceptionCore11PerceptionsV8IteratorV4nextxSgyYaq_YKF"
      #expect(dlsym(nil, name) != nil)
    }
  #endif
}
