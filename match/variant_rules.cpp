#include "match/variant_rules.h"

namespace pantheon::match {

const VariantRules* variant_rules(std::string_view name) {
    for (const VariantRules* rules : {&mansindam_rules(), &pandemonium_rules()})
        if (rules->name() == name) return rules;
    return nullptr;
}

std::string variant_names() {
    return std::string(mansindam_rules().name()) + ", " + std::string(pandemonium_rules().name());
}

}  // namespace pantheon::match
