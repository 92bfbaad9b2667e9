/*
 * libolab.c -- the C side of libolab (see olab.h).
 *
 * cffi's embedding mode compiles this file into libolab together with the
 * glue it generates.  The public functions check what can be checked in C
 * (NULL handles and buffers), start the embedded Python once, and call the
 * static `extern "Python"` functions that olab/capi/_impl.py implements.
 *
 * Starting Python: when the host program has no interpreter yet, libolab
 * starts one with the defaults of the libpython it is linked to (its
 * standard library), then puts the directory that holds this copy of the
 * olab package (three levels above libolab.so: <root>/olab/capi/libolab.so)
 * first on sys.path, and adds the site directories of the interpreter that
 * built the library (OLAB_BUILD_SITE_DIRS) where they still exist, so that
 * _cffi_backend is found in a development build too.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "olab.h"

#ifndef OLAB_BUILD_SITE_DIRS
#define OLAB_BUILD_SITE_DIRS ""
#endif

#define OLAB_EXPORT __attribute__((visibility("default")))

/* ------------------------------------------------------------------ errors */

static __thread char olab__errmsg[1024];
static __thread int olab__errcode;

static void olab__set_error(int code, const char* message)
{
    olab__errcode = code;
    snprintf(olab__errmsg, sizeof olab__errmsg, "%s", message ? message : "");
}

static void olab__errorf(int code, const char* fmt, ...)
{
    va_list ap;
    olab__errcode = code;
    va_start(ap, fmt);
    vsnprintf(olab__errmsg, sizeof olab__errmsg, fmt, ap);
    va_end(ap);
}

OLAB_EXPORT const char* olab_last_error(void) { return olab__errmsg; }

OLAB_EXPORT int olab_last_error_code(void) { return olab__errcode; }

/* ------------------------------------------- the Python side (_impl.py) */

static int _olab_py_ready(void);
static int64_t _olab_py_new(const char* config_json, uint64_t seed);
static int _olab_py_free(uint64_t handle);
static int _olab_py_legal(uint64_t handle, int32_t* out, int capacity);
static int _olab_py_apply(uint64_t handle, int32_t action);
static int _olab_py_undo(uint64_t handle);
static int _olab_py_current_player(uint64_t handle);
static int _olab_py_is_terminal(uint64_t handle);
static int _olab_py_scores(uint64_t handle, double* out, int capacity);
static int _olab_py_to_json(uint64_t handle, int player, char* buf, size_t capacity);
static int _olab_py_outcome_json(uint64_t handle, char* buf, size_t capacity);
static int _olab_py_is_truncated(uint64_t handle);
static int _olab_py_mask(uint64_t handle, uint8_t* out, int capacity);
static int _olab_py_chance(uint64_t handle, int32_t* actions, double* probs, int capacity);
static int _olab_py_action_to_string(uint64_t handle, int32_t action, char* buf, size_t capacity);
static int _olab_py_string_to_action(uint64_t handle, const char* text);
static int _olab_py_num_distinct_actions(uint64_t handle);
static int _olab_py_random_playouts(const char* config_json, uint64_t seed, int n, int64_t* out);

/* ------------------------------------------------ starting the interpreter */

static pthread_mutex_t olab__start_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile int olab__started;       /* 0: not yet, 1: ready, -1: failed */
static char olab__start_error[1024];

/* The directory holding the olab package this library belongs to. */
static int olab__package_root(char* out, size_t size)
{
    Dl_info info;
    char path[PATH_MAX];
    int up;
    if (!dladdr((void*)&olab__package_root, &info) || info.dli_fname == NULL)
        return -1;
    if (realpath(info.dli_fname, path) == NULL)
        snprintf(path, sizeof path, "%s", info.dli_fname);
    for (up = 0; up < 3; up++) {           /* libolab.so -> capi -> olab -> root */
        char* slash = strrchr(path, '/');
        if (slash == NULL)
            return -1;
        *slash = '\0';
    }
    if (path[0] == '\0')
        snprintf(path, sizeof path, "/");
    snprintf(out, size, "%s", path);
    return 0;
}

static void olab__python_error(const char* what)
{
    PyObject *type, *value, *tb, *text = NULL;
    const char* msg = NULL;
    PyErr_Fetch(&type, &value, &tb);
    if (value != NULL)
        text = PyObject_Str(value);
    if (text != NULL)
        msg = PyUnicode_AsUTF8(text);
    snprintf(olab__start_error, sizeof olab__start_error, "%s: %s", what, msg ? msg : "unknown error");
    PyErr_Clear();
    Py_XDECREF(text);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
}

static const char olab__path_code[] =
    "import os, site, sys\n"
    "if root not in sys.path:\n"
    "    sys.path.insert(0, root)\n"
    "    site.addsitedir(root)\n"
    "for d in extra.split(os.pathsep):\n"
    "    if d and os.path.isdir(d) and d not in sys.path:\n"
    "        site.addsitedir(d)\n"
    "try:\n"
    "    import _cffi_backend\n"
    "except ImportError as e:\n"
    "    raise ImportError('cannot import _cffi_backend (pip install cffi in the environment of olab): ' + str(e))\n";

/* Set sys.path up; the caller holds the GIL. */
static int olab__setup_paths(const char* root)
{
    PyObject *globals, *value, *result;
    int ok = -1;
    globals = PyDict_New();
    if (globals == NULL)
        goto fail;
    if (PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins()) < 0)
        goto fail;
    value = PyUnicode_DecodeFSDefault(root);
    if (value == NULL || PyDict_SetItemString(globals, "root", value) < 0) {
        Py_XDECREF(value);
        goto fail;
    }
    Py_DECREF(value);
    value = PyUnicode_DecodeFSDefault(OLAB_BUILD_SITE_DIRS);
    if (value == NULL || PyDict_SetItemString(globals, "extra", value) < 0) {
        Py_XDECREF(value);
        goto fail;
    }
    Py_DECREF(value);
    result = PyRun_String(olab__path_code, Py_file_input, globals, globals);
    if (result == NULL)
        goto fail;
    Py_DECREF(result);
    ok = 0;
fail:
    if (ok < 0)
        olab__python_error("libolab cannot set up the embedded Python");
    Py_XDECREF(globals);
    return ok;
}

static int olab__start_python(void)
{
    char root[PATH_MAX];
    int result = -1;

    if (olab__package_root(root, sizeof root) < 0) {
        snprintf(olab__start_error, sizeof olab__start_error,
                 "libolab cannot find its own location (dladdr failed)");
        return -1;
    }
    if (!Py_IsInitialized()) {
        PyConfig config;
        PyStatus status;
        Dl_info info;
        /* extension modules (the olab core, _cffi_backend, the standard
           library's) resolve their Python symbols globally: make sure
           libpython is global even if the host dlopen()ed us RTLD_LOCAL */
        if (dladdr((void*)&Py_IsInitialized, &info) && info.dli_fname != NULL)
            (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
        PyConfig_InitPythonConfig(&config);
        config.install_signal_handlers = 0;
        config.parse_argv = 0;
        status = Py_InitializeFromConfig(&config);
        PyConfig_Clear(&config);
        if (PyStatus_Exception(status)) {
            snprintf(olab__start_error, sizeof olab__start_error, "libolab cannot start Python: %s%s%s",
                     status.func ? status.func : "", status.func ? ": " : "",
                     status.err_msg ? status.err_msg : "unknown error");
            return -1;
        }
        result = olab__setup_paths(root);
        (void)PyEval_SaveThread();          /* release the GIL, as cffi expects */
    }
    else {
        PyGILState_STATE gil = PyGILState_Ensure();
        result = olab__setup_paths(root);
        PyGILState_Release(gil);
    }
    return result;
}

/* 1 when the Python side is ready; otherwise sets the last error and returns 0. */
static int olab__ready(void)
{
    if (olab__started == 1)
        return 1;
    pthread_mutex_lock(&olab__start_lock);
    if (olab__started == 0) {
        if (olab__start_python() < 0) {
            olab__started = -1;
        }
        else {
            olab__errcode = 0;
            if (_olab_py_ready() == 1) {
                olab__started = 1;
            }
            else {
                if (olab__errcode == 0)
                    olab__set_error(OLAB_ERR_PYTHON, "libolab: the olab package failed to initialise");
                snprintf(olab__start_error, sizeof olab__start_error, "%s", olab__errmsg);
                olab__started = -1;
            }
        }
    }
    pthread_mutex_unlock(&olab__start_lock);
    if (olab__started == 1)
        return 1;
    olab__set_error(OLAB_ERR_PYTHON, olab__start_error);
    return 0;
}

/* ------------------------------------------------------- the public API */

#define OLAB_HANDLE(g) ((uint64_t)(uintptr_t)(g))

#define OLAB_CHECK_HANDLE(g)                                                   \
    do {                                                                       \
        if ((g) == NULL) {                                                     \
            olab__set_error(OLAB_ERR_HANDLE, "the olab_state handle is NULL"); \
            return OLAB_ERR_HANDLE;                                            \
        }                                                                      \
        if (!olab__ready())                                                    \
            return OLAB_ERR_PYTHON;                                            \
    } while (0)

OLAB_EXPORT olab_state* olab_new(const char* config_json, uint64_t seed)
{
    int64_t h;
    if (!olab__ready())
        return NULL;
    h = _olab_py_new(config_json, seed);
    if (h <= 0) {
        if (olab__errcode == 0 || h == 0)
            olab__set_error(OLAB_ERR_INTERNAL, "olab_new failed");
        return NULL;
    }
    return (olab_state*)(uintptr_t)h;
}

OLAB_EXPORT void olab_free(olab_state* state)
{
    if (state == NULL || !olab__ready())
        return;
    (void)_olab_py_free(OLAB_HANDLE(state));
}

OLAB_EXPORT int olab_legal_actions(olab_state* state, int32_t* out, int capacity)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_legal(OLAB_HANDLE(state), out, capacity);
}

OLAB_EXPORT int olab_apply(olab_state* state, int32_t action)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_apply(OLAB_HANDLE(state), action);
}

OLAB_EXPORT int olab_undo(olab_state* state)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_undo(OLAB_HANDLE(state));
}

OLAB_EXPORT int olab_current_player(olab_state* state)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_current_player(OLAB_HANDLE(state));
}

OLAB_EXPORT int olab_is_terminal(olab_state* state)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_is_terminal(OLAB_HANDLE(state));
}

OLAB_EXPORT int olab_scores(olab_state* state, double* out, int capacity)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_scores(OLAB_HANDLE(state), out, capacity);
}

OLAB_EXPORT int olab_outcome_json(olab_state* state, char* buf, size_t capacity)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_outcome_json(OLAB_HANDLE(state), buf, capacity);
}

OLAB_EXPORT int olab_to_json(olab_state* state, int player, char* buf, size_t capacity)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_to_json(OLAB_HANDLE(state), player, buf, capacity);
}

OLAB_EXPORT int olab_is_truncated(olab_state* state)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_is_truncated(OLAB_HANDLE(state));
}

OLAB_EXPORT int olab_legal_actions_mask(olab_state* state, uint8_t* out, int capacity)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_mask(OLAB_HANDLE(state), out, capacity);
}

OLAB_EXPORT int olab_chance_outcomes(olab_state* state, int32_t* actions, double* probs, int capacity)
{
    OLAB_CHECK_HANDLE(state);
    if ((actions == NULL) != (probs == NULL)) {
        olab__set_error(OLAB_ERR_ARGUMENT, "actions and probs must both be NULL or both be arrays");
        return OLAB_ERR_ARGUMENT;
    }
    return _olab_py_chance(OLAB_HANDLE(state), actions, probs, capacity);
}

OLAB_EXPORT int olab_abi_version(void)
{
    return OLAB_ABI_VERSION;
}

OLAB_EXPORT int olab_action_to_string(olab_state* state, int32_t action, char* buf, size_t capacity)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_action_to_string(OLAB_HANDLE(state), action, buf, capacity);
}

OLAB_EXPORT int olab_string_to_action(olab_state* state, const char* text)
{
    OLAB_CHECK_HANDLE(state);
    if (text == NULL) {
        olab__set_error(OLAB_ERR_ARGUMENT, "text is NULL");
        return OLAB_ERR_ARGUMENT;
    }
    return _olab_py_string_to_action(OLAB_HANDLE(state), text);
}

OLAB_EXPORT int olab_num_distinct_actions(olab_state* state)
{
    OLAB_CHECK_HANDLE(state);
    return _olab_py_num_distinct_actions(OLAB_HANDLE(state));
}

OLAB_EXPORT int olab_random_playouts(const char* config_json, uint64_t seed, int n, int64_t* actions_out)
{
    if (n < 0) {
        olab__errorf(OLAB_ERR_ARGUMENT, "n must be >= 0, not %d", n);
        return OLAB_ERR_ARGUMENT;
    }
    if (!olab__ready())
        return OLAB_ERR_PYTHON;
    return _olab_py_random_playouts(config_json, seed, n, actions_out);
}
