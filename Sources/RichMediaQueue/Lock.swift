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
/// `SRWLOCK` on Windows and `pthread_mutex_t` elsewhere. Critical sections must be short and must not
/// suspend.
package final class LockedValue<Value>: @unchecked Sendable {
    #if canImport(Darwin)
        private typealias Primitive = os_unfair_lock
    #elseif os(Windows)
        private typealias Primitive = SRWLOCK
    #else
        private typealias Primitive = pthread_mutex_t
    #endif

    private let primitive: UnsafeMutablePointer<Primitive>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        primitive = UnsafeMutablePointer<Primitive>.allocate(capacity: 1)
        #if canImport(Darwin)
            primitive.initialize(to: os_unfair_lock())
        #elseif os(Windows)
            InitializeSRWLock(primitive)
        #else
            primitive.initialize(to: pthread_mutex_t())
            pthread_mutex_init(primitive, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin) && !os(Windows)
            pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(primitive)
            defer { os_unfair_lock_unlock(primitive) }
        #elseif os(Windows)
            AcquireSRWLockExclusive(primitive)
            defer { ReleaseSRWLockExclusive(primitive) }
        #else
            pthread_mutex_lock(primitive)
            defer { pthread_mutex_unlock(primitive) }
        #endif
        return try body(&value)
    }
}
