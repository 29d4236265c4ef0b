#ifndef TERN_CCURL_SHIM_H
#define TERN_CCURL_SHIM_H
// libcurl is loaded with dlopen when the first transfer starts (TernNet's
// `Curl`), so nothing here links it: a page read from a file never maps the
// library and the ~25 it pulls in (TLS, Kerberos, LDAP, SSH...), which cost
// start-up time and memory on every run. The header gives the types and
// constants; `tern_curl_api` holds the functions, filled in from dlsym.
#include <curl/curl.h>

#define TERN_CURL(field, name) __typeof__(&name) field;
struct tern_curl_api {
    TERN_CURL(global_init, curl_global_init)
    TERN_CURL(easy_init, curl_easy_init)
    TERN_CURL(easy_cleanup, curl_easy_cleanup)
    TERN_CURL(easy_setopt, curl_easy_setopt)
    TERN_CURL(easy_getinfo, curl_easy_getinfo)
    TERN_CURL(easy_strerror, curl_easy_strerror)
    TERN_CURL(easy_pause, curl_easy_pause)
    TERN_CURL(slist_append, curl_slist_append)
    TERN_CURL(slist_free_all, curl_slist_free_all)
    TERN_CURL(multi_init, curl_multi_init)
    TERN_CURL(multi_cleanup, curl_multi_cleanup)
    TERN_CURL(multi_setopt, curl_multi_setopt)
    TERN_CURL(multi_add_handle, curl_multi_add_handle)
    TERN_CURL(multi_remove_handle, curl_multi_remove_handle)
    TERN_CURL(multi_perform, curl_multi_perform)
    TERN_CURL(multi_poll, curl_multi_poll)
    TERN_CURL(multi_info_read, curl_multi_info_read)
};
#undef TERN_CURL

// Swift cannot call C variadic functions, so each setopt/getinfo shape gets a
// typed wrapper (as swift-corelibs-foundation's CFURLSessionInterface does).
typedef size_t (*tern_curl_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef const struct tern_curl_api *tern_curl;

static inline CURLcode tern_curl_setopt_long(tern_curl a, CURL *h, CURLoption o, long v) { return a->easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_ptr(tern_curl a, CURL *h, CURLoption o, void *v) { return a->easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_string(tern_curl a, CURL *h, CURLoption o, const char *v) { return a->easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_off(tern_curl a, CURL *h, CURLoption o, curl_off_t v) { return a->easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_slist(tern_curl a, CURL *h, CURLoption o, struct curl_slist *v) { return a->easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_data_callback(tern_curl a, CURL *h, CURLoption o, tern_curl_data_callback v) { return a->easy_setopt(h, o, v); }

static inline CURLcode tern_curl_getinfo_long(tern_curl a, CURL *h, CURLINFO i, long *v) { return a->easy_getinfo(h, i, v); }
static inline CURLcode tern_curl_getinfo_off(tern_curl a, CURL *h, CURLINFO i, curl_off_t *v) { return a->easy_getinfo(h, i, v); }
static inline CURLcode tern_curl_getinfo_certinfo(tern_curl a, CURL *h, struct curl_certinfo **v) { return a->easy_getinfo(h, CURLINFO_CERTINFO, v); }

static inline CURLMcode tern_curl_multi_setopt_long(tern_curl a, CURLM *m, CURLMoption o, long v) { return a->multi_setopt(m, o, v); }

// Macros Swift cannot import.
static const long tern_curlauth_basic = (long)CURLAUTH_BASIC;
static const long tern_curlauth_digest = (long)CURLAUTH_DIGEST;
static const int tern_curlpause_all = CURLPAUSE_ALL;
static const int tern_curlpause_cont = CURLPAUSE_CONT;

// CURLMsg's payload is a union; read the result code without touching it from Swift.
static inline CURLcode tern_curl_msg_result(CURLMsg *msg) { return msg->data.result; }
#endif
