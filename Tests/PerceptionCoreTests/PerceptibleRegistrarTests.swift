import Dispatch
import Foundation
import Observation
import Testing

@testable import PerceptionCore

/// A class written as `@Perceptible` writes one (PerceptionCore's tests cannot use the macro):
/// the registrar a `let` of `_PerceptibleRegistrar`, the accessors its lazy entry points.
final class InlineModel: Perceptible, Observable, @unchecked Sendable {
  private let registrar = _PerceptibleRegistrar()
  private var _level = 0

  var level: Int {
    get {
      registrar._access(self, lazyKeyPath: \.level)
      return _level
    }
    set {
      registrar._withMutation(of: self, lazyKeyPath: \.level) { _level = newValue }
    }
  }

  /// A property whose accessors hand the registrar a static key path, as the macro's do for a
  /// non-generic class.
  static let _$perceptionKeyPath_count = _PerceptionKeyPath(\InlineModel.count)
  private var _count = 0

  var count: Int {
    get {
      registrar._access(self, lazyKeyPath: InlineModel._$perceptionKeyPath_count)
      return _count
    }
    set {
      registrar._withMutation(of: self, lazyKeyPath: InlineModel._$perceptionKeyPath_count) {
        _count = newValue
      }
    }
  }

  /// The registrar's word: on Perception's runtime, its storage once made.
  var word: UnsafeMutableRawPointer? { registrar.wordAddress.loadAcquire() }

  /// Where the registrar's calls find the word.
  var wordAddress: UnsafeMutableRawPointer { UnsafeMutableRawPointer(registrar.wordAddress) }
}

@Suite("The registrar @Perceptible declares")
struct PerceptibleRegistrarTests {
  /// The registrar is never loadable (its weak anchor), so a borrow of the `let` is the
  /// object's own field: were it a copy, the word's atomics would publish the storage into the
  /// copy and every observer would be lost. `registrar` is the class's first stored property,
  /// right after the object's two-word header.
  @Test func theRegistrarIsBorrowedWhereTheObjectKeepsIt() {
    let model = InlineModel()
    let object = UnsafeMutableRawPointer(Unmanaged.passUnretained(model).toOpaque())
    #expect(model.wordAddress == object + 2 * MemoryLayout<UnsafeRawPointer>.size)
    #expect(MemoryLayout<_PerceptibleRegistrar>.size == 2 * MemoryLayout<UnsafeRawPointer>.size)
  }

  @Test func storageIsMadeByTheFirstTrackedReadOnly() {
    let model = InlineModel()
    guard PerceptionEngine.current == .perception else {
      #expect(model.word != nil, "the native engine's word is the ObservationRegistrar")
      return
    }
    #expect(model.word == nil, "an unobserved object has no storage")
    model.level = 1
    _ = model.level
    #expect(model.word == nil, "untracked reads and writes make none")
    let fired = EventLog()
    withPerceptionTracking {
      _ = model.level
    } onChange: {
      fired.append("changed")
    }
    #expect(model.word != nil)
    model.level = 2
    #expect(fired.all == ["changed"])
  }

  /// On the native engine the word is the `ObservationRegistrar`, or, with the fallback
  /// (`PERCEPTION_NATIVE_REGISTRAR=boxed`, or a registrar that is not one word), the box a
  /// hand-written registrar keeps; either way an observer hears a write.
  @Test func theNativeWordIsTheRegistrarOrTheFallbackBox() {
    let model = InlineModel()
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *),
      PerceptionEngine.current == .native, let word = model.word
    else { return }
    let engine = EngineWord.current
    let forced = ProcessInfo.processInfo.environment["PERCEPTION_NATIVE_REGISTRAR"] == "boxed"
    let boxed = forced || !NativeRegistrarStorage.observationRegistrarFitsWord
    #expect(engine.isNative)
    #expect(engine.isNativeInline == !boxed)
    #expect(engine.rawValue & EngineWord.nativeBoxed == (boxed ? EngineWord.nativeBoxed : 0))
    if boxed {
      let object = Unmanaged<AnyObject>.fromOpaque(word).takeUnretainedValue()
      #expect(object is NativeRegistrarStorage, "the fallback's word is the box")
    }
    let fired = EventLog()
    withObservationTracking {
      _ = model.level
      _ = model.count
    } onChange: {
      fired.append("changed")
    }
    model.count = 2
    #expect(fired.all == ["changed"])
  }

  @Test func staticKeyPathsReachTheSameObserversAsLiterals() {
    let model = InlineModel()
    let fired = EventLog()
    withPerceptionTracking {
      _ = model.count
    } onChange: {
      fired.append("count")
    }
    model.level = 1
    #expect(fired.all.isEmpty, "another property's write")
    model.count = 1
    #expect(fired.all == ["count"])
    withPerceptionTracking {
      _ = model.level
    } onChange: {
      fired.append("level")
    }
    model.count = 2
    model.level = 2
    #expect(fired.all == ["count", "level"])
    #expect(model.count == 2)
  }

  @Test func concurrentFirstTrackedReadsShareOneStorage() async {
    let model = InlineModel()
    let fired = EventLog()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          withPerceptionTracking {
            _ = model.level
          } onChange: {
            fired.append("\(index)")
          }
        }
      }
    }
    model.level = 1
    #expect(fired.all.count == 8, "every tracking registered in the one storage")
  }

  @Test func releasesReachTheObservers() {
    let log = EventLog()
    var word: UnsafeMutableRawPointer?
    do {
      let model = InlineModel()
      withPerceptionTracking(options: [.deinit]) {
        _ = model.level
      } onChange: { event in
        log.append(event.kind == .deinit ? "deinit" : "other")
      }
      model.level = 1
      word = model.word
    }
    #expect(log.all == ["deinit"])
    // On the native engine, the object's release registrar (if this system needed one) left
    // the side table with the object.
    if PerceptionEngine.current == .native, let word {
      #expect(!NativeReleaseRegistrars.contains(word))
    }
  }
}
