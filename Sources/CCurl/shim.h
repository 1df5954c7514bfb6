#ifndef KEEPSAKE_CCURL_SHIM_H
#define KEEPSAKE_CCURL_SHIM_H
// libcurl (Debian's libcurl4-openssl-dev). Only KeepsakeS3 imports it.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these wrappers fix
// the argument type of each kind of option.
#include <curl/curl.h>

static inline CURLcode keepsake_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode keepsake_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode keepsake_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode keepsake_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode keepsake_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*keepsake_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);
static inline CURLcode keepsake_curl_setopt_data_callback(CURL *handle, CURLoption option, keepsake_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
typedef int (*keepsake_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                               curl_off_t upload_total, curl_off_t uploaded);
static inline CURLcode keepsake_curl_setopt_progress_callback(CURL *handle, keepsake_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
typedef int (*keepsake_curl_seek_callback)(void *context, curl_off_t offset, int origin);
static inline CURLcode keepsake_curl_setopt_seek_callback(CURL *handle, keepsake_curl_seek_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
}
static inline CURLcode keepsake_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode keepsake_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
#endif
