/// What one unobserved object holds on the heap.
struct HeapFigures: Codable {
  /// Heap bytes per object: the object and everything its registrar allocates, from Swift or
  /// from C, with malloc's chunk headers and rounding.
  var bytes: Double
  /// Heap allocations per object, the object itself included.
  var allocations: Double
}

/// The same five `Int` properties with no registrar: the floor both engines sit on.
final class PlainModel {
  var value = 0
  var other = 0
  var a = 0
  var b = 0
  var c = 0
}

/// Heap measurement by walking glibc's heap. Objects created one after another in a fresh heap
/// are carved, in order, from malloc's top chunk, each allocation a chunk whose size sits in the
/// word before its address. So walking the chunks from object 0 to object `count` visits exactly
/// what creating `count` objects allocated: their number is the allocation count, and the
/// distance is the bytes. The walk only reads, and must land exactly on object `count`, or the
/// figures are not reported. Run it before the timed cases, while malloc has few free chunks to
/// hand out instead of carving new ones. The array that holds the objects is a chunk too (8
/// bytes per object), and can land among them: the walk steps over it without counting it.
enum Heap {
  static let count = 100_000

  /// `nil` off 64-bit glibc, or if the walk does not line up.
  static func measure(_ make: () -> AnyObject) -> HeapFigures? {
    #if canImport(Glibc) && _pointerBitWidth(_64)
      var objects: [AnyObject] = []
      objects.reserveCapacity(count + 1)
      // One object first, so one-time allocations (metadata, key paths) are not counted.
      withExtendedLifetime(make()) {}
      for _ in 0...count { objects.append(make()) }
      let first = UInt(bitPattern: Unmanaged.passUnretained(objects[0]).toOpaque())
      let last = UInt(bitPattern: Unmanaged.passUnretained(objects[count]).toOpaque())
      guard last > first else { return nil }
      // The array's storage object, which malloc returned: its elements follow a 32-byte header.
      let array = objects.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress!) - 32 }
      var chunk = first
      var chunks = 0
      var bytes: UInt = 0
      while chunk < last {
        // glibc's chunk header: the size (low 3 bits are flags) is the word before the address.
        let size = UnsafeRawPointer(bitPattern: chunk - 8)!.load(as: UInt.self) & ~7
        guard size >= 16 else { return nil }
        if chunk != array {
          bytes += size
          chunks += 1
        }
        chunk += size
      }
      withExtendedLifetime(objects) {}
      guard chunk == last else { return nil }
      return HeapFigures(
        bytes: Double(bytes) / Double(count), allocations: Double(chunks) / Double(count))
    #else
      return nil
    #endif
  }
}
