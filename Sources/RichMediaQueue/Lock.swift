#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif os(Windows)
    import WinSDK
#endif

/// A value protected by a small platform lock, usable from any thread.
///
/// `Synchronization.Mutex` needs iOS 18 / macOS 15, so this wraps `os_unfair_lock` on Apple platforms,
/// `SRWLOCK` on Windows and `pthread_mutex_t` elsewhere. The value and the lock live in one
/// `ManagedBuffer` (the lock needs a stable address; the buffer gives it one without manual allocation).
/// Critical sections must be short and must not suspend. Like swift-nio's `NIOLockedValueBox` and
/// async-algorithms' lock box, it is `Sendable` only when its value is: the lock makes access exclusive,
/// it does not make a non-`Sendable` value safe to hand to another thread.
package final class LockedValue<Value> {
    #if canImport(Darwin)
        fileprivate typealias Primitive = os_unfair_lock
    #elseif os(Windows)
        fileprivate typealias Primitive = SRWLOCK
    #else
        fileprivate typealias Primitive = pthread_mutex_t
    #endif

    private let storage: LockStorage<Value>

    package init(_ value: Value) {
        storage = LockStorage.create(value)
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }
}

// The lock serializes every access to the value, which is itself `Sendable`.
extension LockedValue: @unchecked Sendable where Value: Sendable {}

/// The value (header) and the platform lock (element) of a ``LockedValue``.
private final class LockStorage<Value>: ManagedBuffer<Value, LockedValue<Value>.Primitive> {
    static func create(_ value: Value) -> LockStorage<Value> {
        let buffer = Self.create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
                lock.initialize(to: os_unfair_lock())
            #elseif os(Windows)
                InitializeSRWLock(lock)
            #else
                lock.initialize(to: pthread_mutex_t())
                pthread_mutex_init(lock, nil)
            #endif
        }
        // `create` on this subclass makes an instance of it.
        return buffer as! LockStorage<Value>
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { value, lock in
            #if canImport(Darwin)
                os_unfair_lock_lock(lock)
                defer { os_unfair_lock_unlock(lock) }
            #elseif os(Windows)
                AcquireSRWLockExclusive(lock)
                defer { ReleaseSRWLockExclusive(lock) }
            #else
                pthread_mutex_lock(lock)
                defer { pthread_mutex_unlock(lock) }
            #endif
            return try body(&value.pointee)
        }
    }

    deinit {
        // The buffer destroys its header (the value) itself; the lock is this class's to tear down.
        withUnsafeMutablePointerToElements { lock in
            #if !canImport(Darwin) && !os(Windows)
                pthread_mutex_destroy(lock)
            #endif
            lock.deinitialize(count: 1)
        }
    }
}
