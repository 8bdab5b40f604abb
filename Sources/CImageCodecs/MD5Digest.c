// OpenSSL's MD5, for the thumbnail cache's file names (the Thumbnail Managing Standard names a
// thumbnail by the MD5 of its file's URI). libcrypto is opened on first use (LazyLibrary.h):
// linked, it was 1.4 MB of a warm start's memory, and only the file dialogs and the recent
// files' thumbnails ask for a digest.
#include "CImageCodecs.h"
#include <LazyLibrary.h>
#include <openssl/evp.h>
#include <string.h>

#define CRYPTO_FUNCTIONS(X) X(EVP_Digest) X(EVP_md5)
LAZY_LIBRARY(crypto, "libcrypto.so.3", CRYPTO_FUNCTIONS)

int codecs_md5(const uint8_t *data, size_t length, uint8_t *digest) {
    if (!load_crypto()) return -1;
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (p_EVP_Digest(data, length, out, &size, p_EVP_md5(), NULL) != 1 || size != 16) return -1;
    memcpy(digest, out, 16);
    return 0;
}
