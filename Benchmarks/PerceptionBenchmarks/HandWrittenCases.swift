#if canImport(Observation)
  import Observation
#endif

/// The floor of the hand-written path: forming the key path literal that each of its calls
/// passes, here with no registrar at all. Each side forms its own model's literal
/// (`\HandWrittenModel.value` and `\NativeModel.value`: the same work) and adds its address to a
/// total, so that the object is formed (`swift_getKeyPath`, which returns it retained), used and
/// released in every operation, with no call of the benchmark's own beside it.
enum KeyPathLiteralCase {
  static func perception() -> Batch {
    return { n in
      var total = 0
      let elapsed = timed {
        for _ in 0..<n { total &+= Int(bitPattern: ObjectIdentifier(\HandWrittenModel.value)) }
      }
      blackHole(total)
      return elapsed
    }
  }

  #if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func native() -> Batch {
      return { n in
        var total = 0
        let elapsed = timed {
          for _ in 0..<n { total &+= Int(bitPattern: ObjectIdentifier(\NativeModel.value)) }
        }
        blackHole(total)
        return elapsed
      }
    }
  #endif
}
