#include "match/json.h"

#include <gtest/gtest.h>

using namespace pantheon::match;

TEST(JsonTest, RoundTrip) {
    Json j = Json::object();
    j.set("name", "a \"quoted\"\nline");
    j.set("n", 42);
    j.set("x", 0.125);
    j.set("ok", true);
    j.set("none", nullptr);
    Json arr = Json::array();
    arr.push(1);
    arr.push("two");
    arr.push(Json(Json::Array{Json(3), Json(4)}));
    j.set("list", arr);
    for (int indent : {-1, 2}) {
        std::string error;
        const auto back = Json::parse(j.dump(indent), &error);
        ASSERT_TRUE(back) << error;
        EXPECT_EQ(back->dump(), j.dump());
        EXPECT_EQ(back->at("name").as_string(), "a \"quoted\"\nline");
        EXPECT_EQ(back->at("n").as_int(), 42);
        EXPECT_DOUBLE_EQ(back->at("x").as_number(), 0.125);
        EXPECT_TRUE(back->at("none").is_null());
        EXPECT_EQ(back->at("list").as_array()[2].as_array()[1].as_int(), 4);
    }
}

TEST(JsonTest, RejectsMalformedInput) {
    for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "tru", "\"open", "[1] x", "{\"a\":-}"}) {
        std::string error;
        EXPECT_FALSE(Json::parse(bad, &error)) << bad;
        EXPECT_FALSE(error.empty());
    }
    const auto j = Json::parse("{\"a\": \"text\"}");
    ASSERT_TRUE(j);
    EXPECT_THROW(j->at("a").as_int(), JsonError);
    EXPECT_THROW(j->at("missing"), JsonError);
    EXPECT_EQ(Json::parse("\"\\u00e9\"")->as_string(), "\xc3\xa9");
}
