/* The Qt host's scripted tour (tour.cpp). */
#ifndef XYZALERT_QT_TOUR_HPP
#define XYZALERT_QT_TOUR_HPP

#include <functional>
#include <vector>

#include "window.hpp"

/** Plays the tour through `window` once start() is called; screenshots go
 * to `screenshots` (none when empty). Ends the application with 0 when
 * every check passed, else 1. */
class Tour {
public:
    Tour(Window &window, QString screenshots);
    void start();

private:
    struct Step {
        int milliseconds;
        std::function<void()> run;
    };
    void then(int milliseconds, std::function<void()> step);
    void next();
    void when_settled(const std::function<void()> &run);
    void check(bool condition, const QString &what);
    bool drawn(const xyz::alert &alert) const;
    void screenshot(const char *name);
    void hover(const xyz::alert &alert);
    void click(const xyz::alert &alert, const char *action);

    Window &window_;
    QString screenshots_;
    bool second_run_;
    std::vector<Step> steps_;
    int passed_ = 0, failed_ = 0;
    xyz::alert login_, promo_, digest_, saved_, synced_, archived_, unread_, rating_;
};

#endif
