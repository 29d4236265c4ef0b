#ifndef TERN_CCURL_SHIM_H
#define TERN_CCURL_SHIM_H
#include <curl/curl.h>

// Swift cannot call C variadic functions, so each setopt/getinfo shape gets a
// typed wrapper (as swift-corelibs-foundation's CFURLSessionInterface does).
typedef size_t (*tern_curl_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*tern_curl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                           curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode tern_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_ptr(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_data_callback(CURL *h, CURLoption o, tern_curl_data_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tern_curl_setopt_xferinfo(CURL *h, tern_curl_xferinfo_callback v) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, v); }

static inline CURLcode tern_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode tern_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode tern_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode tern_curl_getinfo_ptr(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }

static inline CURLMcode tern_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

// Macros Swift cannot import.
static const long tern_curlauth_basic = (long)CURLAUTH_BASIC;
static const long tern_curlauth_digest = (long)CURLAUTH_DIGEST;

// CURLMsg's payload is a union; read the result code without touching it from Swift.
static inline CURLcode tern_curl_msg_result(CURLMsg *msg) { return msg->data.result; }
#endif
