# Embeds every rules/<id>/doc.md into RuleDocs.inc so `cllint --explain` prints the same text
# the docs site shows. Re-run at build time whenever a doc changes.
function(cllint_embed_rule_docs OUT)
  file(GLOB DOCS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rules/*/doc.md)
  add_custom_command(
    OUTPUT ${OUT}
    COMMAND ${CMAKE_COMMAND} -DOUT=${OUT} -DRULES_DIR=${PROJECT_SOURCE_DIR}/rules
            -P ${PROJECT_SOURCE_DIR}/cmake/WriteRuleDocs.cmake
    DEPENDS ${DOCS} ${PROJECT_SOURCE_DIR}/cmake/WriteRuleDocs.cmake
    COMMENT "Embedding rule docs")
endfunction()
