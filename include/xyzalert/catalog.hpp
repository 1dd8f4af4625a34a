/* xyzalert/catalog.hpp: xyz::definition and xyz::catalog. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_CATALOG_HPP
#define XYZALERT_CATALOG_HPP

#include "alert.hpp"
#include "history.hpp"

namespace xyz {

/* ---------------------------------------------------------------- catalogs */

/** One definition of a catalog (borrowed from it: valid while the catalog
 * lives). Its name is what create_alert() takes; its id is the alert's. */
class definition {
public:
    /** Wraps a borrowed definition handle. */
    explicit definition(const xyz_definition *handle) noexcept : handle_(handle) {}
    /** The C handle (borrowed from its catalog). */
    [[nodiscard]] const xyz_definition *get() const noexcept { return handle_; }
    /** The id the alert gets ("" for a scenario's alert without id). */
    [[nodiscard]] std::string id() const { return xyz_definition_id(handle_); }
    /** The name the file calls it by: the id, unless a scenario gives a "name". */
    [[nodiscard]] std::string name() const { return xyz_definition_name(handle_); }
    /** The priority in the file. */
    [[nodiscard]] std::int32_t priority() const noexcept { return xyz_definition_priority(handle_); }
    /** The exclusive behaviour in the file. */
    [[nodiscard]] xyz::exclusive exclusive() const noexcept {
        return static_cast<xyz::exclusive>(xyz_definition_exclusive(handle_));
    }
    /** Whether the alert starts ready. */
    [[nodiscard]] bool is_ready() const noexcept { return xyz_definition_is_ready(handle_); }
    /** A scenario's page for it (nullopt in an alert set). */
    [[nodiscard]] std::optional<std::string> page() const { return detail::optional_string(xyz_definition_page(handle_)); }
    /** Its lane. */
    [[nodiscard]] std::string lane() const { return detail::optional_string(xyz_definition_lane(handle_)).value_or(""); }
    /** Its title. */
    [[nodiscard]] std::optional<std::string> title() const { return detail::optional_string(xyz_definition_title(handle_)); }
    /** Its message. */
    [[nodiscard]] std::optional<std::string> message() const {
        return detail::optional_string(xyz_definition_message(handle_));
    }
    /** Its duration, in seconds (0: none). */
    [[nodiscard]] double duration() const noexcept { return xyz_definition_duration(handle_); }
    /** Its ttl, in seconds (0: none). */
    [[nodiscard]] double ttl() const noexcept { return xyz_definition_ttl(handle_); }
    /** Its tags. */
    [[nodiscard]] std::vector<std::string> tags() const {
        std::vector<std::string> out;
        for (std::size_t i = 0, n = xyz_definition_tag_count(handle_); i < n; i++) out.emplace_back(xyz_definition_tag(handle_, i));
        return out;
    }
    /** The ids it waits for ("after"). */
    [[nodiscard]] std::vector<std::string> after() const {
        std::vector<std::string> out;
        for (std::size_t i = 0, n = xyz_definition_after_count(handle_); i < n; i++) out.emplace_back(xyz_definition_after(handle_, i));
        return out;
    }

private:
    const xyz_definition *handle_;
};

/** A loaded alert set; create alerts from it by name. Move-only. */
class catalog {
public:
    /** Loads and validates a file; throws parse_error (or error for a bad argument). */
    [[nodiscard]] static catalog load_file(detail::text path) {
        std::string checked = path.checked("load_file: path");
        xyz_error e;
        return catalog(check(xyz_catalog_load_file(checked.c_str(), &e), e, checked));
    }
    /** Loads JSON text (the source is "<string>"). */
    [[nodiscard]] static catalog load_string(std::string_view json) {
        xyz_error e;
        return catalog(check(xyz_catalog_load_string(json.data(), json.size(), &e), e, "<string>"));
    }

    /** Takes `other`'s definitions; `other` is empty afterwards. */
    catalog(catalog &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    /** Takes `other`'s catalog and frees the one held before. */
    catalog &operator=(catalog &&other) noexcept {
        if (this != &other) {
            xyz_catalog_free(std::exchange(handle_, std::exchange(other.handle_, nullptr)));
        }
        return *this;
    }
    catalog(const catalog &) = delete;
    catalog &operator=(const catalog &) = delete;
    ~catalog() { xyz_catalog_free(handle_); }

    /** The C handle (owned by this object). */
    [[nodiscard]] xyz_catalog *get() const noexcept { return handle_; }
    /** Whether it holds definitions. */
    explicit operator bool() const noexcept { return handle_ != nullptr; }
    /** How many definitions it holds. */
    [[nodiscard]] std::size_t size() const noexcept { return xyz_catalog_definition_count(handle_); }
    /** Definition `index`, in file order. */
    [[nodiscard]] xyz::definition definition(std::size_t index) const {
        const xyz_definition *d = xyz_catalog_definition(detail::require(handle_, "catalog"), index);
        if (!d) {
            throw error(status::invalid, "catalog: no definition " + std::to_string(index) + " of " + std::to_string(size()));
        }
        return xyz::definition(d);
    }
    /** The names, in file order: what create_alert() and contains() take. */
    [[nodiscard]] std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < size(); i++) out.emplace_back(xyz_definition_name(xyz_catalog_definition(handle_, i)));
        return out;
    }
    /** The ids the alerts get, in file order (a scenario may give two
     * definitions one id, and names tell them apart). */
    [[nodiscard]] std::vector<std::string> ids() const {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < size(); i++) out.emplace_back(xyz_definition_id(xyz_catalog_definition(handle_, i)));
        return out;
    }
    /** Whether it has a definition with the id `name`. */
    [[nodiscard]] bool contains(detail::text name) const {
        return xyz_catalog_find(handle_, name.checked("contains: name").c_str()) != nullptr;
    }
    /** The file's "campaigns_version" (docs/rules.md §22), if any. */
    [[nodiscard]] std::optional<std::string> campaigns_version() const {
        return detail::optional_string(xyz_catalog_campaigns_version(handle_));
    }
    /** The ids of its campaigns, in file order. */
    [[nodiscard]] std::vector<std::string> campaign_ids() const {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < xyz_catalog_campaign_count(handle_); i++) out.emplace_back(xyz_catalog_campaign_id(handle_, i));
        return out;
    }
    /** The ids of campaign `index`'s variants (docs/rules.md §22). */
    [[nodiscard]] std::vector<std::string> variants(std::size_t index) const {
        std::vector<std::string> out;
        for (std::size_t k = 0; k < xyz_catalog_variant_count(handle_, index); k++)
            out.emplace_back(xyz_catalog_variant_id(handle_, index, k));
        return out;
    }
    /** The variant of `campaign` that `user_id` gets at a first choice
     * (throws status::not_found for an unknown campaign or one without variants). */
    [[nodiscard]] std::string choose_variant(detail::text campaign, detail::text user_id) const {
        std::string c = campaign.checked("choose_variant: campaign"), u = user_id.checked("choose_variant: user_id");
        const char *chosen = xyz_catalog_choose_variant(detail::require(handle_, "catalog"), c.c_str(), u.c_str());
        if (!chosen) throw error(status::not_found, xyz_last_error());
        return chosen;
    }
    /** Sets the file's "caps" on `h`, key by key. */
    void apply_caps(const history &h) const {
        xyz_history *target = detail::require(h.get(), "apply_caps: the history");
        detail::call([&] { return xyz_catalog_apply_caps(handle_, target); });
    }
    /** A fresh instance of the definition named `name` (throws
     * status::not_found for an unknown name, status::invalid for an empty catalog). */
    [[nodiscard]] alert create_alert(detail::text name) const {
        xyz_catalog *self = detail::require(handle_, "create_alert: the catalog");
        std::string checked = name.checked("create_alert: name");
        xyz_alert *made = xyz_catalog_create_alert(self, checked.c_str());
        if (!made) {
            throw error(status::not_found, xyz_last_error());
        }
        return alert::adopt(made);
    }

private:
    explicit catalog(xyz_catalog *handle) noexcept : handle_(handle) {}
    static xyz_catalog *check(xyz_catalog *loaded, const xyz_error &e, const std::string &source) {
        if (!loaded) {
            if (e.status == XYZ_EINVAL) {
                throw error(status::invalid, e.message);
            }
            throw parse_error(e, source);
        }
        return loaded;
    }
    xyz_catalog *handle_;
};

/** The name the docs and the Python package use: an alert set is a
 * catalog (xyz_catalog in C). Either name works; they are one type. */
using alert_set = catalog;

/* ---------------------------------------------------------------- dispatches */

}  // namespace xyz

#endif /* XYZALERT_CATALOG_HPP */
