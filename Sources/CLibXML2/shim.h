#ifndef TERN_CLIBXML2_SHIM_H
#define TERN_CLIBXML2_SHIM_H
// Debian's libxml2 is built with ICU; its headers would pull in ICU types that
// clash with Foundation's own ICU module. Tern never uses libxml2's ICU parts.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/entities.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>

// Swift cannot make a variadic C function; this one drops libxml2's messages.
static void tern_xml_ignore_message(void *ctx, const char *message, ...) { (void)ctx; (void)message; }
static inline void tern_xml_silence_errors(void) {
    xmlSetGenericErrorFunc(NULL, tern_xml_ignore_message);
    xmlSetStructuredErrorFunc(NULL, NULL);
}
#endif
