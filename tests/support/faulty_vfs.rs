//! A SQLite VFS of the tests' own, registered in this process as `pakka-faulty`: the system's
//! own VFS ("unix"), but the writes, syncs and truncations of the files it opens fail with an
//! I/O error (`SQLITE_IOERR_WRITE`, `_FSYNC`, `_TRUNCATE`) while [`fail`] is on, as a dying
//! disk's do. A database opened with `?vfs=pakka-faulty` in its URL meets the fault; every other
//! database of the process (the other tests') goes on through "unix" untouched.
//!
//! Each file opened here is the system VFS's own file, with its method table swapped for a copy
//! in which those three methods check the switch first and then call the system's (found
//! beside the copy).

use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use libsqlite3_sys as ffi;

/// The VFS's name, for a database URL's `vfs` parameter.
pub const NAME: &str = "pakka-faulty";

static FAILING: AtomicBool = AtomicBool::new(false);

/// A method table this VFS gives a file: the system's, with the three methods replaced, and
/// the system's own (the system VFS has more than one: the database's, the write-ahead log's).
#[repr(C)]
struct Methods {
    /// First: a file's `pMethods` points here.
    faulty: ffi::sqlite3_io_methods,
    system: *const ffi::sqlite3_io_methods,
}

// Both are tables SQLite and this module keep for the life of the process, only read.
unsafe impl Send for Methods {}
unsafe impl Sync for Methods {}

static METHODS: Mutex<Vec<&'static Methods>> = Mutex::new(Vec::new());

/// The faulty table for a system table (made once per system table).
fn faulty_for(system: *const ffi::sqlite3_io_methods) -> &'static Methods {
    let mut known = METHODS.lock().unwrap();
    if let Some(m) = known.iter().find(|m| std::ptr::eq(m.system, system)) {
        return m;
    }
    let mut faulty = unsafe { *system };
    faulty.xWrite = Some(write);
    faulty.xSync = Some(sync);
    faulty.xTruncate = Some(truncate);
    let made: &'static Methods = Box::leak(Box::new(Methods { faulty, system }));
    known.push(made);
    made
}

/// The system's table of a file opened here.
fn system(file: *mut ffi::sqlite3_file) -> &'static ffi::sqlite3_io_methods {
    unsafe { &*(*(*file).pMethods.cast::<Methods>()).system }
}

struct Registered(#[allow(dead_code)] *mut ffi::sqlite3_vfs);
unsafe impl Send for Registered {}
unsafe impl Sync for Registered {}

static REGISTERED: OnceLock<Registered> = OnceLock::new();

/// Registers the VFS in this process (once); answers the URL of `path` through it.
pub fn url(path: &std::path::Path) -> String {
    REGISTERED.get_or_init(|| unsafe {
        let system = ffi::sqlite3_vfs_find(std::ptr::null());
        assert!(!system.is_null(), "SQLite has a default VFS");
        let mut faulty: ffi::sqlite3_vfs = *system;
        faulty.zName = c"pakka-faulty".as_ptr();
        faulty.pNext = std::ptr::null_mut();
        faulty.pAppData = system.cast::<c_void>();
        faulty.xOpen = Some(open);
        let faulty = Box::leak(Box::new(faulty));
        assert_eq!(ffi::sqlite3_vfs_register(faulty, 0), ffi::SQLITE_OK);
        Registered(faulty)
    });
    format!("sqlite://{}?vfs={NAME}", path.display())
}

/// Turns the fault on (every write, sync and truncation fails) or off.
pub fn fail(on: bool) {
    FAILING.store(on, Ordering::SeqCst);
}

unsafe extern "C" fn open(
    vfs: *mut ffi::sqlite3_vfs,
    name: *const std::ffi::c_char,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    unsafe {
        let system = (*vfs).pAppData.cast::<ffi::sqlite3_vfs>();
        let Some(system_open) = (*system).xOpen else {
            return ffi::SQLITE_CANTOPEN;
        };
        let rc = system_open(system, name, file, flags, out_flags);
        if rc != ffi::SQLITE_OK || (*file).pMethods.is_null() {
            return rc;
        }
        (*file).pMethods = &faulty_for((*file).pMethods).faulty;
        rc
    }
}

unsafe extern "C" fn write(
    file: *mut ffi::sqlite3_file,
    data: *const c_void,
    amount: c_int,
    offset: ffi::sqlite3_int64,
) -> c_int {
    if FAILING.load(Ordering::SeqCst) {
        return ffi::SQLITE_IOERR_WRITE;
    }
    unsafe { (system(file).xWrite.expect("the system VFS writes"))(file, data, amount, offset) }
}

unsafe extern "C" fn sync(file: *mut ffi::sqlite3_file, flags: c_int) -> c_int {
    if FAILING.load(Ordering::SeqCst) {
        return ffi::SQLITE_IOERR_FSYNC;
    }
    unsafe { (system(file).xSync.expect("the system VFS syncs"))(file, flags) }
}

unsafe extern "C" fn truncate(file: *mut ffi::sqlite3_file, size: ffi::sqlite3_int64) -> c_int {
    if FAILING.load(Ordering::SeqCst) {
        return ffi::SQLITE_IOERR_TRUNCATE;
    }
    unsafe { (system(file).xTruncate.expect("the system VFS truncates"))(file, size) }
}
