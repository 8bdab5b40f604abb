// libxml2 glue: the recently-used list (XBEL) and OpenRaster's stack.xml, read into libxml2's
// tree and written from it. libxml2 is opened on first use (LazyLibrary.h): with ICU and liblzma
// under it, 0.9 MB resident that a start does not need (it was linked through FoundationXML).
#include "CXMLTree.h"

#include <LazyLibrary.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <string.h>

#define XML_FUNCTIONS(X) \
    X(xmlNewParserCtxt) X(xmlCtxtReadMemory) X(xmlFreeParserCtxt) X(xmlFreeDoc) X(xmlNewDoc) X(xmlNewDocNode) \
    X(xmlDocSetRootElement) X(xmlDocDumpFormatMemoryEnc) X(xmlDocGetRootElement) X(xmlGetProp) X(xmlSetProp) \
    X(xmlNewChild) X(xmlFree)
LAZY_LIBRARY(xml, "libxml2.so.2", XML_FUNCTIONS)

static void copy_error(char *error, size_t size, const char *text) {
    if (error && size > 0) snprintf(error, size, "%s", text ? text : "unknown error");
}

xmltree_document *xmltree_parse(const char *bytes, size_t length, char *error, size_t error_size) {
    if (!load_xml()) {
        copy_error(error, error_size, "libxml2 (Debian's libxml2), which reads and writes XML, could not be loaded");
        return NULL;
    }
    if (length > 0x7FFFFFFF) {
        copy_error(error, error_size, "too large");
        return NULL;
    }
    xmlParserCtxtPtr context = p_xmlNewParserCtxt();
    if (!context) {
        copy_error(error, error_size, "out of memory");
        return NULL;
    }
    /* No recovery (a torn file is an error, not a shorter document), nothing from the network,
       entities kept as references (never expanded from outside), messages kept, not printed. */
    xmlDocPtr document = p_xmlCtxtReadMemory(context, bytes, (int)length, NULL, NULL,
                                             XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!document) {
        const char *message = context->lastError.message;
        copy_error(error, error_size, message ? message : "not well-formed XML");
        /* libxml2's messages end with a newline. */
        size_t end = error ? strlen(error) : 0;
        while (end > 0 && (error[end - 1] == '\n' || error[end - 1] == ' ')) error[--end] = 0;
    }
    p_xmlFreeParserCtxt(context);
    return (xmltree_document *)document;
}

xmltree_document *xmltree_create(const char *root_name) {
    if (!load_xml()) return NULL;
    xmlDocPtr document = p_xmlNewDoc((const xmlChar *)"1.0");
    if (!document) return NULL;
    xmlNodePtr root = p_xmlNewDocNode(document, NULL, (const xmlChar *)root_name, NULL);
    if (!root) {
        p_xmlFreeDoc(document);
        return NULL;
    }
    p_xmlDocSetRootElement(document, root);
    return (xmltree_document *)document;
}

void xmltree_free(xmltree_document *document) {
    if (document) p_xmlFreeDoc((xmlDocPtr)document);
}

char *xmltree_write(xmltree_document *document, int indent, size_t *length) {
    xmlChar *bytes = NULL;
    int size = 0;
    p_xmlDocDumpFormatMemoryEnc((xmlDocPtr)document, &bytes, &size, "UTF-8", indent);
    *length = bytes && size > 0 ? (size_t)size : 0;
    return (char *)bytes;
}

void xmltree_free_string(char *string) {
    if (string) (*p_xmlFree)(string);
}

xmltree_node *xmltree_root(xmltree_document *document) {
    return (xmltree_node *)p_xmlDocGetRootElement((xmlDocPtr)document);
}

static xmltree_node *element_from(xmlNodePtr node) {
    while (node && node->type != XML_ELEMENT_NODE) node = node->next;
    return (xmltree_node *)node;
}

xmltree_node *xmltree_first_element(xmltree_node *node) { return element_from(((xmlNodePtr)node)->children); }
xmltree_node *xmltree_next_element(xmltree_node *node) { return element_from(((xmlNodePtr)node)->next); }

const char *xmltree_local_name(xmltree_node *node) { return (const char *)((xmlNodePtr)node)->name; }

const char *xmltree_prefix(xmltree_node *node) {
    xmlNodePtr element = (xmlNodePtr)node;
    return element->ns && element->ns->prefix ? (const char *)element->ns->prefix : NULL;
}

char *xmltree_attribute(xmltree_node *node, const char *name) {
    return (char *)p_xmlGetProp((xmlNodePtr)node, (const xmlChar *)name);
}

int xmltree_set_attribute(xmltree_node *node, const char *name, const char *value) {
    return p_xmlSetProp((xmlNodePtr)node, (const xmlChar *)name, (const xmlChar *)value) != NULL;
}

xmltree_node *xmltree_add_element(xmltree_node *parent, const char *name) {
    return (xmltree_node *)p_xmlNewChild((xmlNodePtr)parent, NULL, (const xmlChar *)name, NULL);
}
