/*
 * The scripted tour (--tour): drives the window as a user would (the tab
 * bar, the pointer, the buttons, the window's minimise) on real time, and
 * checks what Qt shows after each step: which widgets are visible, the
 * window title, how many toasts the corner holds, the reasons panel and
 * the announcements. Prints "ok - ..." or "not ok - ..." per check, then
 * "N passed, N failed"; its exit status is 1 when a check failed.
 */
#include "tour.hpp"

#include <QApplication>
#include <QCursor>
#include <QFile>
#include <QPushButton>
#include <QTimer>

#include <cstdio>

Tour::Tour(Window &window, QString screenshots) : window_(window), screenshots_(std::move(screenshots)) {
    // The history file decides which run this is: the rating is allowed once, ever.
    second_run_ = QFile::exists(window_.history_path());
}

void Tour::check(bool condition, const QString &what) {
    std::printf("%s - %s\n", condition ? "ok" : "not ok", what.toUtf8().constData());
    std::fflush(stdout);
    (condition ? passed_ : failed_)++;
}

bool Tour::drawn(const xyz::alert &alert) const {
    Card *card = window_.card(alert);
    return card && card->isVisible();
}

// A capture holds every countdown while it runs: under valgrind on a busy
// machine it takes seconds, which are the tour's, not the user's.
void Tour::screenshot(const char *name) {
    if (!screenshots_.isEmpty()) {
        window_.root().hold_timers();
        QString path = screenshots_ + QStringLiteral("/qt-%1.png").arg(QLatin1String(name));
        check(window_.grab().save(path), QStringLiteral("screenshot %1").arg(path));
        window_.root().unhold_timers();
    }
}

void Tour::hover(const xyz::alert &alert) {
    // The real pointer, moved onto the toast: the X server sends the enter event.
    Card *card = window_.card(alert);
    QCursor::setPos(card->mapToGlobal(card->rect().center()));
}

void Tour::click(const xyz::alert &alert, const char *action) {
    Card *card = window_.card(alert);
    auto *button = card ? card->findChild<QPushButton *>(QLatin1String(action)) : nullptr;
    check(button != nullptr, QStringLiteral("%1 has a '%2' button").arg(QString::fromStdString(*alert.id()), QLatin1String(action)));
    if (button) {
        button->click();
    }
}

void Tour::then(int milliseconds, std::function<void()> step) { steps_.push_back({milliseconds, std::move(step)}); }

void Tour::start() {
    // 1. Three dialogs on two tabs: the sign-in shows, the sale waits behind
    //    it, the digest waits for its tab.
    then(300, [this] {
        login_ = window_.add("login");
        promo_ = window_.add("promo");
        digest_ = window_.add("digest");
    });
    then(300, [this] {
        check(drawn(login_), "the sign-in dialog is visible on the home tab");
        check(!window_.card(promo_) && !window_.card(digest_), "the sale and the digest are not drawn");
        check(window_.windowTitle().startsWith(QStringLiteral("Sign in")), "the window title names the sign-in dialog: " + window_.windowTitle());
        check(window_.reasons_text().contains(QStringLiteral("promo: [covered_by]")) ||
                  window_.reasons_text().contains(QStringLiteral("promo: [")),
              "the reasons panel explains the sale");
        check(window_.announcements_text().contains(QStringLiteral("Sign in")), "the sign-in was announced: " + window_.announcements_text());
        // The user selects the inbox tab.
        window_.tabs().setCurrentIndex(window_.tabs().indexOf(window_.tabs().findChild<QWidget *>(QStringLiteral("inbox"))));
    });
    then(300, [this] {
        check(drawn(digest_), "on the inbox tab the digest is visible");
        check(window_.card(login_) && window_.card(login_)->isHidden(), "the sign-in is hidden with its tab, not ended");
        check(window_.windowTitle().startsWith(QStringLiteral("3 unread messages")), "the window title follows the tab: " + window_.windowTitle());
        screenshot("tabs");
        // 2. Four toasts: three show (the lane's limit), the pointer holds one.
        saved_ = window_.add("saved");
        synced_ = window_.add("synced");
        archived_ = window_.add("archived");
        unread_ = window_.add("unread");
    });
    then(300, [this] {
        check(window_.visible_toasts() == 3, QStringLiteral("three toasts in the corner (%1)").arg(window_.visible_toasts()));
        check(!window_.card(unread_), "the fourth waits for room");
        check(window_.reasons_text().contains(QStringLiteral("unread: [")), "the reasons panel explains the fourth");
        hover(archived_);
    });
    then(400, [this] {
        Card *card = window_.card(archived_);
        check(card && card->held(), "the pointer over a toast holds it");
        screenshot("toasts");
    });
    // 3. Two seconds on: the two short toasts time out, the fourth shows.
    //    The stack moved under the still pointer.
    then(2600, [this] {
        check(!window_.card(saved_) && !window_.card(synced_), "the two-second toasts timed out");
        check(drawn(unread_) && drawn(archived_), "the held toast stays and the fourth shows");
        check(window_.visible_toasts() == 2, QStringLiteral("two toasts in the corner (%1)").arg(window_.visible_toasts()));
        // Qt moves the hold to the toast now under the still pointer at
        // once; GTK 4.8 when the pointer next moves. Here: at once.
        Card *archived = window_.card(archived_), *unread = window_.card(unread_);
        check(archived->held() + unread->held() == 1, "one toast is held: the pointer is still on the stack");
        Card *under = archived->rect().contains(archived->mapFromGlobal(QCursor::pos())) ? archived : unread;
        check(under->held(), "the held one is the one under the pointer");
        hover(archived_);  // the user follows the toast
    });
    // 4. The pointer leaves; the window is minimised: every countdown holds.
    then(400, [this] {
        Card *card = window_.card(archived_);
        check(card && card->held(), "the pointer is back on the toast");
        screenshot("reasons");
        QCursor::setPos(window_.mapToGlobal(QPoint(5, 5)));
        window_.showMinimized();
    });
    then(400, [this] {
        Card *card = window_.card(archived_);
        check(card && !card->held(), "the pointer left: the toast is no longer held");
        check(window_.isMinimized(), "the window is minimised");
        check(!window_.root().next_deadline().has_value(), "minimised, every countdown holds");
    });
    then(2500, [this] {
        check(window_.card(unread_) != nullptr, "the fourth toast outlived its duration while minimised");
        check(drawn(archived_), "the once held toast outlived its duration");
        window_.showNormal();
        window_.activateWindow();
    });
    then(400, [this] {
        check(!window_.isMinimized(), "the window is back");
        check(window_.root().next_deadline().has_value(), "the countdowns run again");
        // 5. Back to the home tab: the sign-in again; "Later" ends it and the sale shows.
        window_.tabs().setCurrentIndex(0);
    });
    // (The fourth toast has up to four seconds left: Qt held it while it was
    // under the pointer, GTK 4.8 did not.)
    then(4000, [this] {
        check(!window_.card(unread_), "the fourth toast timed out once the window was back");
        check(drawn(login_), "the sign-in is back with its tab");
        click(login_, "later");
    });
    then(300, [this] {
        check(login_.state() == xyz::state::finished && !window_.card(login_), "'Later' ended the sign-in");
        check(drawn(promo_), "the sale shows after it");
        check(window_.windowTitle().startsWith(QStringLiteral("Summer sale")), "the title follows: " + window_.windowTitle());
        // 6. The rating, asked at most once ever (the history on disk says whether it was).
        rating_ = window_.add("rating");
        window_.tabs().setCurrentIndex(window_.tabs().indexOf(window_.tabs().findChild<QWidget *>(QStringLiteral("settings"))));
    });
    then(300, [this] {
        if (!second_run_) {
            check(drawn(rating_), "first run: the rating shows on the settings tab");
            click(rating_, "rate");
        } else {
            check(rating_.state() == xyz::state::finished && rating_.why().end_reason == xyz::end_reason::capped,
                  "second run: the history on disk caps the rating");
            check(window_.reasons_text().contains(QStringLiteral("a frequency cap holds it")), "the panel says the cap holds it");
        }
    });
    then(200, [this] {
        window_.save_history();
        check(QFile::exists(window_.history_path()), "the history is saved at " + window_.history_path());
        std::printf("%d passed, %d failed\n", passed_, failed_);
        QApplication::exit(failed_ ? 1 : 0);
    });
    next();
}

void Tour::next() {
    if (steps_.empty()) {
        return;
    }
    Step step = std::move(steps_.front());
    steps_.erase(steps_.begin());
    QTimer::singleShot(step.milliseconds, &window_, [this, run = std::move(step.run)] { when_settled(run); });
}

void Tour::when_settled(const std::function<void()> &run) {
    // A step acts on a settled window: exposed, with no flush or refresh
    // waiting (a slow machine, or valgrind, may still be drawing).
    if (!window_.isVisible() || window_.settling()) {
        QTimer::singleShot(50, &window_, [this, run] { when_settled(run); });
        return;
    }
    run();
    next();
}
